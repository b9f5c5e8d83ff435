/**
 * The week of scenario, shared by the overtime rules and the payroll files that show
 * them: 45 hours worked, with a 30-minute break on Monday and Tuesday (44 paid).
 */
export const issueLongWeek = (employeeId: string) => ({
  id: 1,
  employeeId,
  weekStartDate: '2026-11-16',
  mondayStart: '08:00',
  mondayEnd: '17:30',
  mondayBreakMinutes: 30,
  tuesdayStart: '08:00',
  tuesdayEnd: '17:30',
  tuesdayBreakMinutes: 30,
  wednesdayStart: '08:00',
  wednesdayEnd: '17:00',
  thursdayStart: '08:00',
  thursdayEnd: '17:00',
  fridayStart: '08:00',
  fridayEnd: '16:00',
})
