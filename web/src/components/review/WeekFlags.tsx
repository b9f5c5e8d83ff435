import { useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { leaveChecks, weekChecks, type DayName, type WeekLeave, type WeekTimes } from '@app/core'
import { timeOffRangeQuery, useHolidays } from '../../api/time-off.ts'
import { cn } from '../../lib/cn.ts'
import { useClockOutLimit, useMissingClockOuts } from '../timesheet/clock-out.ts'

type FlaggedWeek = WeekTimes & { weekStartDate: string }

/**
 * Every flag of a week: its times' checks, then (when known) time on a holiday or approved time off.
 * A start without an end whose timer ran past the organization's limit is a missing clock-out.
 */
const flagsOf = (week: FlaggedWeek, leave: WeekLeave | undefined, missing: ReadonlySet<DayName>) => [
  ...weekChecks(week).map((c) => ({
    day: c.day,
    check: c.check === 'startWithoutEnd' && missing.has(c.day) ? ('clockOutMissing' as const) : c.check,
    name: undefined as string | undefined,
  })),
  ...(leave ? leaveChecks(week, leave) : []),
]

/** The week's days whose clock-out is missing now. */
const useMissingDays = (week: FlaggedWeek): ReadonlySet<DayName> => new Set(useMissingClockOuts(week).map((m) => m.day))

/**
 * The organization's holidays and the approved time off touching the dates from `from` to `to`
 * (null: none asked for), as `leaveChecks` takes them for one member. One read of each for a
 * whole list of rows; the review dialog's week shares the read of its leave lines.
 */
export function useWeekLeave(
  range: { from: string; to: string } | null,
): (employeeId: string) => WeekLeave | undefined {
  const approved = useQuery({
    ...timeOffRangeQuery({ status: 'approved', from: range?.from ?? '', to: range?.to ?? '' }),
    enabled: range !== null,
  })
  const holidays = useHolidays(range !== null)
  return useCallback(
    (employeeId: string) =>
      approved.data && holidays.data
        ? {
            holidays: holidays.data.holidays,
            timeOff: approved.data.items.filter((r) => r.employeeId === employeeId).flatMap((r) => r.days),
          }
        : undefined,
    [approved.data, holidays.data],
  )
}

/**
 * 'Check before approving': the days worth a second look, each said plainly (a day over
 * 12 hours, an end on the next day, a start without an end or an end without a start, 'Clock-out
 * missing', time on a holiday or during approved time off). Nothing when there is none.
 */
export function WeekFlags({
  week,
  leave,
  className,
  decided = false,
}: {
  week: FlaggedWeek
  leave?: WeekLeave
  className?: string
  /** The week is approved or declined already: its flags are no longer something to check before approving. */
  decided?: boolean
}) {
  const { t } = useTranslation('supervisor')
  const flags = flagsOf(week, leave, useMissingDays(week))
  const hours = useClockOutLimit()?.hours
  if (!flags.length) return null
  const title = t(decided ? 'review.flags.titleDecided' : 'review.flags.title')
  return (
    <section
      aria-label={title}
      className={cn('space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950', className)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Flag className="size-4 shrink-0" aria-hidden /> {title}
      </p>
      <ul className="list-disc space-y-0.5 pl-10">
        {flags.map(({ day, check, name }) => (
          <li key={`${day}-${check}`}>{t(`review.flags.${check}`, { day: t(`audit.day.${day}`), name, hours })}</li>
        ))}
      </ul>
    </section>
  )
}

/** The row's flag on the dashboard: how many days to look at, named for screen readers. */
export function RowFlag({ week, leave }: { week: FlaggedWeek; leave?: WeekLeave }) {
  const { t } = useTranslation('supervisor')
  const count = flagsOf(week, leave, useMissingDays(week)).length
  if (!count) return null
  const label = t('review.flags.row', { count })
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-900" title={label}>
      <Flag className="size-3.5" aria-hidden />
      {label}
    </span>
  )
}
