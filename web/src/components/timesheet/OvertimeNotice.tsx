import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { TimesheetPayroll } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { formatHoursValue } from '../../lib/format.ts'

/**
 * A warning, never a block: the week as last saved passes the organization's overtime threshold.
 * The figures are the server's (core's rule with the organization's settings and the member's pay
 * type), so exempt staff, ministers and volunteers never see it.
 */
export function OvertimeNotice({ payroll, className }: { payroll: TimesheetPayroll | undefined; className?: string }) {
  const { t } = useTranslation('staff')
  if (!payroll || (payroll.overtimeHours <= 0 && payroll.doubleTimeHours <= 0)) return null
  return (
    <div
      role="status"
      data-testid="overtime-notice"
      className={cn('flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950', className)}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {payroll.doubleTimeHours > 0
          ? t('overtime.noticeDouble', {
              overtime: formatHoursValue(payroll.overtimeHours),
              double: formatHoursValue(payroll.doubleTimeHours),
            })
          : t('overtime.notice', { overtime: formatHoursValue(payroll.overtimeHours) })}
      </p>
    </div>
  )
}
