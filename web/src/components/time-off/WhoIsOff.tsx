import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { addDays, monthOf, todayIn, type TimeOffRequestView } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { timeOffRangeQuery, useHolidays } from '../../api/time-off.ts'
import { currentLocale } from '../../i18n.ts'
import { formatDate, formatLeaveHours } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { TimeOffStatusBadge, useKindName } from './time-off-parts.tsx'

/** Each member's approved and pending days inside the month, by name. */
export const offByMember = (requests: readonly TimeOffRequestView[], month: { start: string; end: string }) => {
  const members = new Map<
    string,
    { name: string; days: { date: string; hours: number; request: TimeOffRequestView }[] }
  >()
  for (const r of requests) {
    if (r.status !== 'approved' && r.status !== 'pending') continue
    const days = r.days.filter((d) => month.start <= d.date && d.date <= month.end)
    if (days.length === 0) continue
    const member = members.get(r.employeeId) ?? { name: r.employeeName, days: [] }
    member.days.push(...days.map((d) => ({ ...d, request: r })))
    members.set(r.employeeId, member)
  }
  return [...members.values()]
    .map((m) => ({ ...m, days: m.days.sort((a, b) => a.date.localeCompare(b.date)) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Issue 32: "Who is off", a month of approved and pending time off and the holidays, by member (supervisors). */
export function WhoIsOff() {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const headingId = useId()
  const timeZone = useOrgTimeZone()
  const [month, setMonth] = useState(() => monthOf(todayIn(timeZone)))
  const requests = useQuery(timeOffRangeQuery({ from: month.start, to: month.end }))
  const holidays = useHolidays()
  const title = new Date(`${month.start}T00:00:00Z`).toLocaleString(currentLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const members = offByMember(requests.data?.items ?? [], month)
  const monthHolidays = (holidays.data?.holidays ?? []).filter((h) => month.start <= h.date && h.date <= month.end)
  return (
    <section aria-labelledby={headingId} className="space-y-3">
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
      ) : members.length === 0 && monthHolidays.length === 0 ? (
        <EmptyState title={t('timeOff.calendar.none')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {monthHolidays.length > 0 ? (
            <li className="py-2">
              <p className="font-medium text-slate-900">{t('timeOff.calendar.holidays')}</p>
              <ul className="text-sm text-slate-700">
                {monthHolidays.map((h) => (
                  <li key={h.date}>
                    {formatDate(h.date)}: {h.name} {formatLeaveHours(h.hours)}
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
          {members.map((m) => (
            <li key={m.name} className="py-2">
              <p className="font-medium break-words text-slate-900">{m.name}</p>
              <ul className="space-y-1 text-sm text-slate-700">
                {m.days.map((d) => (
                  <li key={`${d.request.id}-${d.date}`} className="flex flex-wrap items-center gap-2">
                    <span>
                      {formatDate(d.date)}: {kindName(d.request.kind)} {formatLeaveHours(d.hours)}
                    </span>
                    <TimeOffStatusBadge status={d.request.status} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
