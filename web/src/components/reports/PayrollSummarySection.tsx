import { useQuery } from '@tanstack/react-query'
import { Calculator } from 'lucide-react'
import { payTypeLabel } from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { payrollSummaryQuery } from '../../api/payroll.ts'
import { formatBreakMinutes, formatPayrollHours } from '../../lib/format.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'

const COLUMNS = ['Member', 'Pay type', 'Regular hours', 'Overtime hours', 'Double-time hours', 'Breaks', 'Days worked']

/**
 * The Reports page's 'Payroll hours': the period's approved hours per member as the server split
 * them (core's overtime rule per workweek), beside the spec's reports above. Volunteers are not in it.
 */
export function PayrollSummarySection({ from, to }: { from: string; to: string }) {
  const summary = useQuery(payrollSummaryQuery(from, to))
  return (
    <Card role="region" aria-labelledby="payroll-summary-title">
      <CardHeader>
        <CardTitle id="payroll-summary-title" className="flex items-center gap-2">
          <Calculator className="size-5 text-indigo-600" aria-hidden /> Payroll hours
        </CardTitle>
        <CardDescription>Approved hours in this period, split into regular and overtime, with breaks.</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <LoadingState label="Loading payroll hours..." />
        ) : summary.isError ? (
          <ErrorState
            message={errorMessage(summary.error, 'The payroll hours could not be loaded.')}
            onRetry={() => void summary.refetch()}
          />
        ) : summary.data.members.length === 0 ? (
          <EmptyState title="No approved hours in this period yet." />
        ) : (
          <StackedTable columns={COLUMNS}>
            {summary.data.members.map((m) => (
              <StackedRow key={m.employeeId}>
                <StackedCell label="Member">{`${m.firstName} ${m.lastName}`.trim()}</StackedCell>
                <StackedCell label="Pay type">{payTypeLabel[m.payType]}</StackedCell>
                <StackedCell label="Regular hours" className="tabular-nums">
                  {formatPayrollHours(m.regularHours)}
                </StackedCell>
                <StackedCell label="Overtime hours" className="tabular-nums">
                  {formatPayrollHours(m.overtimeHours)}
                </StackedCell>
                <StackedCell label="Double-time hours" className="tabular-nums">
                  {formatPayrollHours(m.doubleTimeHours)}
                </StackedCell>
                <StackedCell label="Breaks" className="tabular-nums">
                  {formatBreakMinutes(m.breakMinutes)}
                </StackedCell>
                <StackedCell label="Days worked" className="tabular-nums">
                  {m.daysWorked}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </CardContent>
    </Card>
  )
}
