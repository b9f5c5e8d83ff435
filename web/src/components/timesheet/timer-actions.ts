import i18next from 'i18next'
import { dayFields, nowHHMM, todayIn, type DayName, type TimesheetDays } from '@app/core'
import { toast } from '../../lib/toast.ts'
import { clockIn, clockOut, rememberClockIn, resetDay } from './clock.ts'
import { toastFailure } from '../../lib/toast-failure.ts'

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
  const t = i18next.t
  const label = t(`common:weekdays.${day}`)
  let next: TimesheetDays
  let report: { title: string; description: string }
  if (action === 'reset') {
    next = resetDay(days, day)
    report = { title: t('staff:toast.timerReset'), description: t('staff:toast.clearedDay', { day: label }) }
  } else {
    const change = action === 'clockIn' ? clockIn(days, day, now, timeZone) : clockOut(days, day, now, timeZone)
    if (!change.ok) {
      // A clock-out with no clock-in; or a Clock In the day cannot take now, from a
      // screen older than the day's times (the button is offered only when it can).
      const description =
        change.error === 'cannotClockIn' ? t('staff:toast.cannotClockIn') : t('staff:toast.clockInFirst')
      toast({ variant: 'destructive', title: t('common:error'), description })
      return false
    }
    next = change.days
    report =
      action === 'clockIn'
        ? {
            title: t('staff:toast.clockedIn'),
            description: t('staff:toast.startedWork', { time: change.time, day: label }),
          }
        : {
            title: t('staff:toast.clockedOut'),
            description: t('staff:toast.finishedWork', { time: change.time, day: label }),
          }
  }
  apply?.(next)
  if (action === 'clockIn') rememberClockIn(todayIn(timeZone, now), nowHHMM(now, timeZone), now)
  try {
    await persist(next)
  } catch (error) {
    toastFailure(t('staff:toast.saveFailed'), error, t('staff:toast.failedToSave'))
    return false
  }
  toast(report)
  return true
}

export interface ActivityInput {
  days: TimesheetDays
  day: DayName
  activity: string
  apply?: (days: TimesheetDays) => void
  persist: (days: TimesheetDays) => Promise<unknown>
}

/**
 * The answer to 'What did you do?' after a Clock Out becomes the day's activity, saved
 * at once like the clock's times. Answers whether it was saved.
 */
export async function saveDayActivity({ days, day, activity, apply, persist }: ActivityInput): Promise<boolean> {
  const t = i18next.t
  const next = { ...days, [dayFields(day).activity]: activity.trim() }
  apply?.(next)
  try {
    await persist(next)
  } catch (error) {
    toastFailure(t('staff:toast.saveFailed'), error, t('staff:toast.failedToSave'))
    return false
  }
  toast({
    title: t('staff:activityPrompt.saved'),
    description: t('staff:activityPrompt.savedDay', { day: t(`common:weekdays.${day}`) }),
  })
  return true
}
