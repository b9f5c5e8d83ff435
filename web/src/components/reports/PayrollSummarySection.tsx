import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Calculator } from 'lucide-react'
import { useCampusParam } from '../../api/campuses.ts'
import { payrollSummaryQuery } from '../../api/payroll.ts'
import { formatBreakMinutes, formatPayrollHours } from '../../lib/format.ts'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { NumberCell, ReportSection, useColumnLabels } from './ReportSection.tsx'

/** The catalogue group of this report's texts. */
const TEXTS = 'reports.payrollHours'

const COLUMNS = ['member', 'payType', 'regular', 'overtime', 'doubleTime', 'breaks', 'daysWorked'] as const

/**
 * The Reports page's 'Payroll hours': the period's approved hours per member as the server split
 * them (core's overtime rule per workweek), beside the spec's reports above. Volunteers are not in it.
 */
export function PayrollSummarySection({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('supervisor')
  const summary = useQuery(payrollSummaryQuery(from, to, useCampusParam()))
  const col = useColumnLabels(TEXTS, COLUMNS)
  return (
    <ReportSection
      id="payroll-summary-title"
      icon={Calculator}
      title={t('reports.payrollHours.title')}
      description={t('reports.payrollHours.description')}
      query={summary}
      texts={TEXTS}
      isEmpty={(data) => data.members.length === 0}
    >
      {(data) => (
        <StackedTable columns={COLUMNS.map((c) => col[c])}>
          {data.members.map((m) => (
            <StackedRow key={m.employeeId}>
              <StackedCell label={col.member}>{`${m.firstName} ${m.lastName}`.trim()}</StackedCell>
              <StackedCell label={col.payType}>{t(`payTypes.${m.payType}`)}</StackedCell>
              <NumberCell label={col.regular}>{formatPayrollHours(m.regularHours)}</NumberCell>
              <NumberCell label={col.overtime}>{formatPayrollHours(m.overtimeHours)}</NumberCell>
              <NumberCell label={col.doubleTime}>{formatPayrollHours(m.doubleTimeHours)}</NumberCell>
              <NumberCell label={col.breaks}>{formatBreakMinutes(m.breakMinutes)}</NumberCell>
              <NumberCell label={col.daysWorked}>{m.daysWorked}</NumberCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </ReportSection>
  )
}
