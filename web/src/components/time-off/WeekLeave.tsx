import { memo, useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { hireDateOf, isCalendarDate, paysHoliday, weekEnd, type Role, type User } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { useMembers } from '../../api/members.ts'
import { timeOffRangeQuery, useHolidays } from '../../api/time-off.ts'
import { cn } from '../../lib/cn.ts'
import { formatDate, formatLeaveHours } from '../../lib/format.ts'
import { useKindName } from './time-off-parts.tsx'

export interface WeekLeaveLine {
  date: string
  name: string
  hours: number
}

/**
 * The paid hours of a week that are not hours worked: the member's approved time off and the
 * organization's holidays it pays (core's `paysHoliday`: not a volunteer's or an unpaid
 * supervisor's, nor before the member's hire date), by date.
 */
export const weekLeaveLines = (
  week: { from: string; to: string },
  member: { employeeId: string; role: Role | undefined; unpaid?: boolean; hireDate: string | undefined },
  requests: readonly { employeeId: string; status: string; kind: string; days: { date: string; hours: number }[] }[],
  holidays: readonly { date: string; name: string; hours: number }[],
  kindName: (kind: string) => string,
): WeekLeaveLine[] => {
  const inWeek = (date: string) => week.from <= date && date <= week.to
  const leave = requests
    .filter((r) => r.employeeId === member.employeeId && r.status === 'approved')
    .flatMap((r) => r.days.filter((d) => inWeek(d.date)).map((d) => ({ ...d, name: kindName(r.kind) })))
  const role = member.role
  const paidHolidays =
    role === undefined
      ? []
      : holidays
          .filter((h) => inWeek(h.date) && h.hours > 0 && paysHoliday({ ...member, role }, h.date))
          .map((h) => ({ date: h.date, name: h.name, hours: h.hours }))
  return [...leave, ...paidHolidays].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name))
}

/**
 * The week's approved time off and holidays as read-only lines ('Vacation 8 h',
 * 'Thanksgiving 8 h'), under the days of the weekly dialog, the submit page and the review dialog.
 */
export function WeekLeave({
  weekStartDate,
  employeeId,
  member,
  timeZone,
  className,
}: {
  weekStartDate: string
  employeeId: string
  /** Who the week is of: role, unpaid, hire date (or when added): holidays before it are not theirs. */
  member: Pick<User, 'role' | 'unpaid' | 'hireDate' | 'createdAt'> | undefined
  timeZone: string
  className?: string
}) {
  const { t } = useTranslation('staff')
  const kindName = useKindName()
  const titleId = useId()
  const valid = isCalendarDate(weekStartDate)
  const week = { from: weekStartDate, to: valid ? weekEnd(weekStartDate) : weekStartDate }
  const approved = useQuery({ ...timeOffRangeQuery({ status: 'approved', ...week }), enabled: valid })
  const holidays = useHolidays(valid)
  const lines = weekLeaveLines(
    week,
    {
      employeeId,
      role: member?.role,
      unpaid: member?.unpaid,
      hireDate: member ? hireDateOf(member, timeZone) : undefined,
    },
    approved.data?.items ?? [],
    holidays.data?.holidays ?? [],
    (kind) => kindName(kind as 'vacation'),
  )
  if (lines.length === 0) return null
  return (
    <section
      aria-labelledby={titleId}
      className={cn('space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3', className)}
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('timeOff.week.title')}
      </h3>
      <ul className="space-y-0.5 text-sm text-slate-800">
        {lines.map((line) => (
          <li key={`${line.date}-${line.name}`} className="flex justify-between gap-3">
            <span className="text-slate-600">{formatDate(line.date)}</span>
            <span className="text-right font-medium">
              {line.name} {formatLeaveHours(line.hours)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">{t('timeOff.week.readOnly')}</p>
    </section>
  )
}

/**
 * The signed-in member's own week (the weekly dialog, the submit page). Memoized: typing in the
 * week's fields does not render it again.
 */
export const MyWeekLeave = memo(function MyWeekLeave(props: {
  weekStartDate: string
  timeZone: string
  className?: string
}) {
  const { user } = useAuth()
  if (!user) return null
  return <WeekLeave {...props} employeeId={user.id} member={user} />
})

/** A member's week as a supervisor reviews it: their role, pay and hire date from the members list. */
export function MemberWeekLeave(props: {
  weekStartDate: string
  employeeId: string
  timeZone: string
  className?: string
}) {
  const { user } = useAuth()
  const members = useMembers({ enabled: user?.role === 'supervisor' })
  const member = members.data?.find((m) => m.id === props.employeeId)
  return <WeekLeave {...props} member={member} />
}
