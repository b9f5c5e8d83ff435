import { useTranslation } from 'react-i18next'
import type { TimesheetStatus } from '@app/core'
import { Badge, type BadgeProps } from './ui/Badge.tsx'

const variant: Record<TimesheetStatus, NonNullable<BadgeProps['variant']>> = {
  draft: 'secondary',
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
}

/** 'Draft', 'Pending Review', 'Approved' or 'Rejected' (spec section 4). */
export function TimesheetStatusBadge({ status, className }: { status: TimesheetStatus; className?: string }) {
  const { t } = useTranslation('common')
  return (
    <Badge variant={variant[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  )
}
