import { useTranslation } from 'react-i18next'
import type { TimesheetPayroll } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { formatBreakMinutes, formatHoursValue } from '../../lib/format.ts'

/**
 * A week's payroll figures as the server computed them (core's rule, the member's pay type and the
 * organization's settings): regular, overtime, double time when there is any, and breaks. One
 * decimal, as every hour on a timesheet's screens is shown (the payroll page keeps two, as its files do).
 */
export function PayrollFigures({
  payroll,
  className,
}: {
  /** Missing only from an answer older than the figures (a cached page during an update). */
  payroll: TimesheetPayroll | undefined
  className?: string
}) {
  const { t } = useTranslation('supervisor')
  if (!payroll) return null
  const figures = [
    { label: t('payroll.figures.regular'), value: formatHoursValue(payroll.regularHours) },
    { label: t('payroll.figures.overtime'), value: formatHoursValue(payroll.overtimeHours) },
    ...(payroll.doubleTimeHours > 0
      ? [{ label: t('payroll.figures.doubleTime'), value: formatHoursValue(payroll.doubleTimeHours) }]
      : []),
    { label: t('payroll.figures.breaks'), value: formatBreakMinutes(payroll.breakMinutes) },
  ]
  return (
    <dl className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700', className)}>
      {figures.map((f) => (
        <div key={f.label} className="flex gap-1">
          <dt>{t('payroll.figures.label', { label: f.label })}</dt>
          <dd className="font-semibold tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}
