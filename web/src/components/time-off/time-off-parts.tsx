import { useTranslation } from 'react-i18next'
import {
  DEFAULT_TIME_OFF_NAMES,
  type KindBalance,
  type TimeOffKind,
  type TimeOffRequestView,
  type TimeOffStatus,
} from '@app/core'
import { usePolicies } from '../../api/time-off.ts'
import { formatDate, formatLeaveHours } from '../../lib/format.ts'
import { Badge, type BadgeProps } from '../ui/Badge.tsx'

/**
 * A kind's name: the one the organization gave it in Settings → Time off, or (while it is still
 * the English default) the kind's name in the reader's language.
 */
export function useKindName() {
  const { t } = useTranslation('staff')
  const policies = usePolicies()
  return (kind: TimeOffKind, given?: string): string => {
    const name = given ?? policies.data?.policies.find((p) => p.kind === kind)?.name
    return !name || name === DEFAULT_TIME_OFF_NAMES[kind] ? t(`timeOff.kinds.${kind}`) : name
  }
}

const statusVariant: Record<TimeOffStatus, NonNullable<BadgeProps['variant']>> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  cancelled: 'secondary',
}

export function TimeOffStatusBadge({ status }: { status: TimeOffStatus }) {
  const { t } = useTranslation('staff')
  return <Badge variant={statusVariant[status]}>{t(`timeOff.status.${status}`)}</Badge>
}

/** 'Nov 26, 2026' or 'Dec 21, 2026 – Dec 24, 2026'. */
export const requestDates = (r: Pick<TimeOffRequestView, 'from' | 'to'>) =>
  r.from === r.to ? formatDate(r.from) : `${formatDate(r.from)} – ${formatDate(r.to)}`

/** Each kind the member may take: available hours large, then accrued, used and scheduled. */
export function BalancesList({ balances }: { balances: readonly KindBalance[] }) {
  const { t } = useTranslation('staff')
  const kindName = useKindName()
  const shown = balances.filter((b) => b.eligible)
  if (shown.length === 0) return <p className="text-sm text-slate-600">{t('timeOff.balances.none')}</p>
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {shown.map((b) => (
        <li key={b.kind} className="rounded-md border border-slate-200 p-3" aria-label={kindName(b.kind, b.name)}>
          <p className="text-sm font-medium text-slate-700">{kindName(b.kind, b.name)}</p>
          <p className="text-2xl font-semibold text-slate-900">
            {formatLeaveHours(b.availableHours)}{' '}
            <span className="text-sm font-normal text-slate-600">{t('timeOff.balances.available')}</span>
          </p>
          <dl className="mt-1 grid grid-cols-3 gap-1 text-xs text-slate-600">
            <div>
              <dt>{t('timeOff.balances.accrued')}</dt>
              <dd className="font-medium text-slate-800">{formatLeaveHours(b.accruedHours)}</dd>
            </div>
            <div>
              <dt>{t('timeOff.balances.used')}</dt>
              <dd className="font-medium text-slate-800">{formatLeaveHours(b.usedHours)}</dd>
            </div>
            <div>
              <dt>{t('timeOff.balances.scheduled')}</dt>
              <dd className="font-medium text-slate-800">{formatLeaveHours(b.scheduledHours)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}
