import { useTranslation } from 'react-i18next'
import { todayIn, type TimeOffRequestView } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useCancelTimeOff } from '../../api/time-off.ts'
import { formatLeaveHours } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { requestDates, TimeOffStatusBadge, useKindName } from './time-off-parts.tsx'

/** Whether the member may still cancel: a pending request, or an approved one whose first day is ahead. */
export const mayCancel = (r: Pick<TimeOffRequestView, 'status' | 'from'>, today: string) =>
  r.status === 'pending' || (r.status === 'approved' && r.from > today)

/** The member's own requests, newest first, with their status, the supervisor's comments and Cancel. */
export function MyTimeOffRequests({ requests }: { requests: readonly TimeOffRequestView[] }) {
  const { t } = useTranslation('staff')
  const kindName = useKindName()
  const today = todayIn(useOrgTimeZone())
  const cancel = useCancelTimeOff()
  if (requests.length === 0) return <EmptyState title={t('timeOff.mine.none')} />
  const sorted = [...requests].sort((a, b) => b.from.localeCompare(a.from))
  return (
    <ul className="divide-y divide-slate-100">
      {sorted.map((r) => {
        const what = t('timeOff.mine.what', { kind: kindName(r.kind), dates: requestDates(r) })
        return (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-medium break-words text-slate-900">{what}</p>
              <p className="text-sm text-slate-600">
                {t('timeOff.mine.hours', { hours: formatLeaveHours(r.hours), perDay: formatLeaveHours(r.hoursPerDay) })}
              </p>
              {r.note ? <p className="text-sm break-words text-slate-700">{r.note}</p> : null}
              {r.comments ? (
                <p className="text-sm break-words text-slate-700">
                  {t('timeOff.mine.comments', { comments: r.comments })}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <TimeOffStatusBadge status={r.status} />
              {mayCancel(r, today) ? (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('timeOff.mine.cancelLabel', { what })}
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(r.id, {
                      onSuccess: () => toast({ title: t('timeOff.mine.cancelled') }),
                      onError: (error) =>
                        toastFailure(t('timeOff.mine.cancelFailed'), error, t('timeOff.mine.cancelFailed')),
                    })
                  }
                >
                  {t('timeOff.mine.cancel')}
                </Button>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
