import { dayLabel, type DayName, type TimesheetDays } from '@app/core'
import { toast } from '../../lib/toast.ts'
import { clockIn, clockOut, resetDay } from './clock.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { formatTime } from '../../lib/format.ts'

export type TimerAction = 'clockIn' | 'clockOut' | 'reset'

export interface TimerActionInput {
  action: TimerAction
  days: TimesheetDays
  day: DayName
  timeZone: string
  /** Shows the changed days at once (the form keeps them even when the save fails). */
  apply?: (days: TimesheetDays) => void
  /** Saves the changed days to the server: a running clock must outlive the page. */
  persist: (days: TimesheetDays) => Promise<unknown>
  now?: Date
}

/**
 * Clock In, Clock Out or Reset on one day: change the times, save them at once, then report
 * with the toasts of spec section 8. Answers whether the change was saved.
 */
export async function runTimerAction({
  action,
  days,
  day,
  timeZone,
  apply,
  persist,
  now = new Date(),
}: TimerActionInput): Promise<boolean> {
  const label = dayLabel[day]
  let next: TimesheetDays
  let report: { title: string; description: string }
  if (action === 'reset') {
    next = resetDay(days, day)
    report = { title: 'Timer Reset', description: `Cleared time entries for ${label}` }
  } else {
    const change = action === 'clockIn' ? clockIn(days, day, now, timeZone) : clockOut(days, day, now, timeZone)
    if (!change.ok) {
      toast({ variant: 'destructive', title: 'Error', description: change.error })
      return false
    }
    next = change.days
    report =
      action === 'clockIn'
        ? { title: 'Clocked In', description: `Started work at ${formatTime(change.time)} on ${label}` }
        : { title: 'Clocked Out', description: `Finished work at ${formatTime(change.time)} on ${label}` }
  }
  apply?.(next)
  try {
    await persist(next)
  } catch (error) {
    toastFailure('Save Failed', error, 'Failed to save timesheet')
    return false
  }
  toast(report)
  return true
}
