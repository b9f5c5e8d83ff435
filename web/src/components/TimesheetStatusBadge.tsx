import { useTranslation } from 'react-i18next'
import type { TimesheetStatus } from '@app/core'
import { Badge, type BadgeProps } from './ui/Badge.tsx'

const variant: Record<TimesheetStatus, NonNullable<BadgeProps['variant']>> = {
  draft: 'secondary',
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
}

/**
 * 'Draft', 'Pending Review', 'Approved' or 'Rejected' (spec section 4). A pending week with its
 * first of two approvals also says "1 of 2 approvals".
 */
export function TimesheetStatusBadge({
  status,
  className,
  approvals = 0,
}: {
  status: TimesheetStatus
  className?: string
  approvals?: number
}) {
  const { t } = useTranslation('common')
  const badge = (
    <Badge variant={variant[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  )
  if (status !== 'pending' || approvals < 1) return badge
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {badge}
      <span className="text-xs text-slate-600">{t('approvalsOf', { count: approvals, total: 2 })}</span>
    </span>
  )
}
