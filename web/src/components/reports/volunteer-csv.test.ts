import { describe, expect, it } from 'vitest'
import { makeVolunteerHours } from '../../../test/payroll-fixtures.ts'
import { volunteerHoursCsv, volunteerHoursFileName } from './volunteer-csv.ts'

describe('volunteerHoursCsv', () => {
  it('writes the period, the rate, each volunteer, each department and the totals, formula-safe', () => {
    const csv = volunteerHoursCsv(makeVolunteerHours())
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Volunteer Hours,2026-11-16 to 2026-11-22',
      'Hourly Value (USD),33.49',
      '',
      'Volunteer,Department,Hours,Value (USD)',
      'Vera Jones,Youth,8.00,267.92',
      // A name a spreadsheet would run as a formula is neutralised by core's writer.
      "'=Sam Cole,,4.50,150.71",
      '',
      'Department,Hours,Value (USD)',
      'Youth,8.00,267.92',
      'No department,4.50,150.71',
      '',
      'Total,12.50,418.63',
      '',
    ])
  })

  it('names the file by the period', () => {
    expect(volunteerHoursFileName('2026-11-01', '2026-11-30')).toBe('volunteer-hours-2026-11-01-to-2026-11-30.csv')
  })
})
