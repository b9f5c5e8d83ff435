import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TimeOffRequestView, User } from '@app/core'
import { useDecideTimeOff } from '../../api/time-off.ts'
import { formatLeaveHours } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { requestDates, useKindName } from './time-off-parts.tsx'
import { MemberName } from '../ui/MemberName.tsx'
import { PendingList, PendingScopeButtons, usePendingScope } from '../approvals/PendingItems.tsx'

/**
 * The requests waiting for a decision, opening on "Waiting for me" (routed to me, or to
 * a supervisor I stand in for) as the timesheets' list does, with "Everyone" one click away.
 */
export function PendingTimeOff({ user, requests }: { user: User; requests: readonly TimeOffRequestView[] }) {
  const { t } = useTranslation('supervisor')
  const pending = usePendingScope(requests.filter((r) => r.status === 'pending'))
  return (
    <div className="space-y-3">
      <PendingScopeButtons
        pending={pending}
        label={t('timeOff.pending.scope')}
        text={(s, count) => t(`timeOff.pending.${s}`, { count })}
        className="flex flex-wrap gap-2"
      />
      <PendingList
        rows={pending.rows}
        empty={t(pending.scope === 'mine' ? 'timeOff.pending.noneForMe' : 'timeOff.pending.none')}
      >
        {(r) => <PendingRow key={r.id} request={r} own={r.employeeId === user.id} />}
      </PendingList>
    </div>
  )
}

/** The two decisions on a request: the status each sends, its button's look and its texts' key. */
const DECISIONS = [
  { status: 'approved', variant: 'success', text: 'approve' },
  { status: 'rejected', variant: 'destructive', text: 'decline' },
] as const

function PendingRow({ request: r, own }: { request: TimeOffRequestView; own: boolean }) {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const decide = useDecideTimeOff()
  const [comments, setComments] = useState('')
  const id = useId()
  const what = t('timeOff.pending.what', { name: r.employeeName, kind: kindName(r.kind), dates: requestDates(r) })
  const send = (status: 'approved' | 'rejected') =>
    decide.mutate(
      { id: r.id, status, comments },
      {
        onSuccess: () => toast({ title: t(`timeOff.pending.${status}`), description: what }),
        onError: (error) => toastFailure(t('timeOff.pending.failed'), error, t('timeOff.pending.failed')),
      },
    )
  return (
    <li className="space-y-2 py-3">
      <div>
        <MemberName name={r.employeeName} className="font-medium text-slate-900" />
        <p className="text-sm text-slate-700">
          {kindName(r.kind)} · {requestDates(r)} · {formatLeaveHours(r.hours)}
        </p>
        {r.note ? <p className="text-sm break-words text-slate-600">{r.note}</p> : null}
      </div>
      {own ? (
        <p className="text-sm text-slate-600">{t('timeOff.pending.own')}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <Label htmlFor={`${id}-comments`}>{t('timeOff.pending.comments')}</Label>
            <Input
              id={`${id}-comments`}
              value={comments}
              maxLength={2000}
              onChange={(e) => setComments(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            {DECISIONS.map(({ status, variant, text }) => (
              <Button
                key={status}
                variant={variant}
                disabled={decide.isPending}
                aria-label={t(`timeOff.pending.${text}Label`, { what })}
                onClick={() => send(status)}
              >
                {t(`timeOff.pending.${text}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </li>
  )
}
