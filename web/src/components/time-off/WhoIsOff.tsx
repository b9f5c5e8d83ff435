import { useId, useState, type CSSProperties } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  addDays,
  dayOfDate,
  monthOf,
  todayIn,
  workingDaysOf,
  type Blackout,
  type DayName,
  type Holiday,
  type TimeOffRequestView,
} from '@app/core'
import { useOrganizationSettings, useOrgTimeZone } from '../../api/organization.ts'
import { timeOffRangeQuery, useHolidays } from '../../api/time-off.ts'
import { currentLocale } from '../../i18n.ts'
import { cn } from '../../lib/cn.ts'
import { formatDate, formatLeaveHours } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { MemberName } from '../ui/MemberName.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { useKindName } from './time-off-parts.tsx'

/** One member's day off inside the month: how many hours of which request. */
export interface DayOff {
  date: string
  hours: number
  request: TimeOffRequestView
}

/** Each member's approved and pending days inside the month, by name. */
export const offByMember = (requests: readonly TimeOffRequestView[], month: { start: string; end: string }) => {
  const members = new Map<string, { id: string; name: string; days: DayOff[] }>()
  for (const r of requests) {
    if (r.status !== 'approved' && r.status !== 'pending') continue
    const days = r.days.filter((d) => month.start <= d.date && d.date <= month.end)
    if (days.length === 0) continue
    const member = members.get(r.employeeId) ?? { id: r.employeeId, name: r.employeeName, days: [] }
    member.days.push(...days.map((d) => ({ ...d, request: r })))
    members.set(r.employeeId, member)
  }
  return [...members.values()]
    .map((m) => ({ ...m, days: m.days.sort((a, b) => a.date.localeCompare(b.date)) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The month's days, in order: each with whether the organization works that weekday (a church's
 * Sunday is often its busiest day, so the organization's working days decide, not Saturday and
 * Sunday), its holidays and its blackout dates.
 */
export const monthDays = (
  month: { start: string; end: string },
  calendar: { holidays: readonly Holiday[]; blackouts: readonly Blackout[] },
  workingDays: readonly DayName[],
) => {
  const days: { date: string; offDay: boolean; holidays: Holiday[]; blackouts: Blackout[] }[] = []
  for (let date = month.start; date <= month.end; date = addDays(date, 1)) {
    days.push({
      date,
      offDay: !workingDays.includes(dayOfDate(date)),
      holidays: calendar.holidays.filter((h) => h.date === date),
      blackouts: calendar.blackouts.filter((b) => b.date === date),
    })
  }
  return days
}

const weekdayOf = (date: string, weekday: 'narrow' | 'long') =>
  new Date(`${date}T00:00:00Z`).toLocaleString(currentLocale(), { weekday, timeZone: 'UTC' })

/** A column as the grid shows it: its short and spoken headings and its shading. */
const columnOf = (day: ReturnType<typeof monthDays>[number]) => ({
  ...day,
  narrow: weekdayOf(day.date, 'narrow'),
  spoken: `${weekdayOf(day.date, 'long')}, ${formatDate(day.date, 'long')}`,
  headShade: day.holidays.length ? 'bg-amber-100' : day.offDay ? 'bg-slate-100' : 'bg-white',
  cellShade: day.holidays.length ? 'bg-amber-50' : day.offDay ? 'bg-slate-100' : '',
})

/** A blackout date's column: red stripes under its heading, told apart without colour by its '!'. */
const BLACKOUT_STRIPES = 'repeating-linear-gradient(45deg, #fee2e2 0 3px, #ffffff 3px 6px)'

/** Approved: a solid block; pending: stripes in a dashed frame (told apart without colour, and by the cell's text). */
const PENDING_STRIPES = 'repeating-linear-gradient(135deg, #fef3c7 0 4px, #fde68a 4px 8px)'

/** The calendar's key: each mark's look and its text's key under timeOff.calendar. */
const LEGEND: readonly { key: string; className: string; style?: CSSProperties }[] = [
  { key: 'approvedKey', className: 'bg-emerald-700' },
  {
    key: 'pendingKey',
    className: 'border border-dashed border-amber-700',
    style: { backgroundImage: PENDING_STRIPES },
  },
  { key: 'offDay', className: 'border border-slate-200 bg-slate-100' },
  { key: 'blackoutKey', className: 'border border-slate-200', style: { backgroundImage: BLACKOUT_STRIPES } },
  { key: 'holidayKey', className: 'border border-slate-200 bg-amber-100' },
]

/**
 * "Who is off", a month calendar for supervisors: members as rows, the month's days as
 * columns, each day a member is off (approved, or pending) marked with its kind; the days the
 * organization does not work and its holidays shaded, the holidays and blackout dates also named. On a phone the grid scrolls sideways in
 * its own frame with the names kept in view; the page itself does not.
 */
export function WhoIsOff() {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const headingId = useId()
  const timeZone = useOrgTimeZone()
  const today = todayIn(timeZone)
  const [month, setMonth] = useState(() => monthOf(today))
  const requests = useQuery(timeOffRangeQuery({ from: month.start, to: month.end }))
  const holidays = useHolidays()
  const workingDays = workingDaysOf(useOrganizationSettings().data ?? {})
  const title = new Date(`${month.start}T00:00:00Z`).toLocaleString(currentLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const members = offByMember(requests.data?.items ?? [], month)
  const days = monthDays(
    month,
    { holidays: holidays.data?.holidays ?? [], blackouts: holidays.data?.blackouts ?? [] },
    workingDays,
  ).map(columnOf)
  const monthHolidays = days.flatMap((d) => d.holidays)
  const monthBlackouts = days.flatMap((d) => d.blackouts)
  const status = (s: TimeOffRequestView['status']) => t(`staff:timeOff.status.${s}`)
  // The kinds the grid shows, for its key ('V: Vacation').
  const kinds = [...new Set(members.flatMap((m) => m.days.map((d) => kindName(d.request.kind))))].sort()
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900 capitalize" aria-live="polite">
          {title}
        </h3>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setMonth(monthOf(addDays(month.start, -1)))}>
            {t('timeOff.calendar.previous')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMonth(monthOf(addDays(month.end, 1)))}>
            {t('timeOff.calendar.next')}
          </Button>
        </div>
      </div>
      {requests.isPending ? (
        <LoadingState label={t('timeOff.balances.loading')} />
      ) : members.length === 0 ? (
        <p className="text-sm text-slate-600">{t('timeOff.calendar.none')}</p>
      ) : (
        <>
          {/*
            Focusable, so a keyboard can scroll it; named as the table's caption. Positioned, so the
            headings' and cells' visually hidden words are laid out (and clipped) inside it, not
            past the page's edge.
          */}
          <div
            role="region"
            aria-label={t('timeOff.calendar.caption', { month: title })}
            tabIndex={0}
            className="relative max-w-full overflow-x-auto rounded-md border border-slate-200 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          >
            {/*
              The whole width, the days sharing what the names leave: a month fits a desk's frame
              (860 px) whole. Below its minimum (a phone) it scrolls inside this frame, every day reachable.
            */}
            <table className="w-full min-w-[46rem] table-fixed border-separate border-spacing-0 text-xs">
              <caption className="sr-only">{t('timeOff.calendar.caption', { month: title })}</caption>
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="sticky left-0 z-10 w-28 border-r border-b border-slate-200 bg-white px-2 py-1 text-left font-medium text-slate-700"
                  >
                    {t('timeOff.calendar.member')}
                  </th>
                  {days.map((d) => (
                    <th
                      key={d.date}
                      scope="col"
                      aria-current={d.date === today ? 'date' : undefined}
                      title={
                        [...d.holidays.map((h) => h.name), ...d.blackouts.map((b) => b.reason)].join(', ') || undefined
                      }
                      style={d.blackouts.length ? { backgroundImage: BLACKOUT_STRIPES } : undefined}
                      className={cn(
                        'border-b border-slate-200 px-0 py-1 text-center font-normal text-slate-600',
                        d.headShade,
                        d.date === today && 'font-bold text-slate-900 underline',
                      )}
                    >
                      <span aria-hidden="true" className="block">
                        {d.narrow}
                      </span>
                      <span aria-hidden="true" className="block">
                        {Number(d.date.slice(8))}
                        {d.holidays.length ? '*' : ''}
                        {d.blackouts.length ? '!' : ''}
                      </span>
                      <span className="sr-only">
                        {d.spoken}
                        {d.holidays.map((h) => `, ${t('timeOff.calendar.holiday')}: ${h.name}`).join('')}
                        {d.blackouts.map((b) => `, ${t('timeOff.calendar.blackout')}: ${b.reason}`).join('')}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {members.map((m) => {
                  const off = new Map(m.days.map((d) => [d.date, d]))
                  return (
                    <tr key={m.id}>
                      <th
                        scope="row"
                        className="sticky left-0 z-10 border-r border-b border-slate-200 bg-white px-2 py-1 text-left font-medium text-slate-900"
                      >
                        <MemberName name={m.name} />
                      </th>
                      {days.map((d) => {
                        const day = off.get(d.date)
                        const shade = d.cellShade
                        if (!day) return <td key={d.date} className={cn('border-b border-slate-100', shade)} />
                        const kind = kindName(day.request.kind)
                        const said = t('timeOff.calendar.cell', {
                          kind,
                          hours: formatLeaveHours(day.hours),
                          status: status(day.request.status),
                        })
                        const pending = day.request.status === 'pending'
                        return (
                          <td key={d.date} className={cn('border-b border-slate-100 p-0.5', shade)} title={said}>
                            <span
                              className={cn(
                                'flex h-7 items-center justify-center rounded font-semibold',
                                pending
                                  ? 'border border-dashed border-amber-700 text-amber-900'
                                  : 'bg-emerald-700 text-white',
                              )}
                              style={pending ? { backgroundImage: PENDING_STRIPES } : undefined}
                            >
                              <span aria-hidden="true">
                                {kind.slice(0, 1)}
                                {pending ? '?' : ''}
                              </span>
                              <span className="sr-only">{said}</span>
                            </span>
                          </td>
                        )
                      })}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={t('timeOff.calendar.key')}>
            {LEGEND.map(({ key, className, style }) => (
              <li key={key} className="flex items-center gap-1">
                <span aria-hidden="true" className={`inline-block size-4 rounded ${className}`} style={style} />
                {t(`timeOff.calendar.${key}`)}
              </li>
            ))}
            {kinds.map((kind) => (
              <li key={kind}>{t('timeOff.calendar.kindKey', { letter: kind.slice(0, 1), kind })}</li>
            ))}
          </ul>
        </>
      )}
      {monthHolidays.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-900">{t('timeOff.calendar.holidays')}</p>
          <ul className="text-sm text-slate-700">
            {monthHolidays.map((h) => (
              <li key={`${h.date}-${h.name}`}>
                {formatDate(h.date)}: {h.name} {formatLeaveHours(h.hours)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {monthBlackouts.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-900">{t('timeOff.calendar.blackouts')}</p>
          <ul className="text-sm text-slate-700">
            {monthBlackouts.map((b) => (
              <li key={b.date}>
                {formatDate(b.date)}: {b.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
