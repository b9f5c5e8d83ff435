import { useRef, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FileDown, HandHeart, Printer } from 'lucide-react'
import type { VolunteerHours } from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { volunteerHoursQuery } from '../../api/payroll.ts'
import { formatDate, formatDollars, formatPayrollHours } from '../../lib/format.ts'
import { downloadText } from '../dashboard/download.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { volunteerHoursCsv, volunteerHoursFileName } from './volunteer-csv.ts'

/**
 * Prints this section alone: the print stylesheet (index.css) shows only the element marked
 * `data-printing` while the browser prints, so the page's header and other reports stay out.
 */
function printOnly(element: HTMLElement) {
  element.setAttribute('data-printing', '')
  const done = () => element.removeAttribute('data-printing')
  window.addEventListener('afterprint', done, { once: true })
  window.print()
}

/** The Reports page's 'Volunteer hours': approved hours per volunteer and department, valued at the organization's rate. */
export function VolunteerHoursSection({ from, to }: { from: string; to: string }) {
  const report = useQuery(volunteerHoursQuery(from, to))
  const section = useRef<HTMLDivElement>(null)
  const data = report.data

  return (
    <Card ref={section} role="region" aria-labelledby="volunteer-hours-title">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id="volunteer-hours-title" className="flex items-center gap-2">
            <HandHeart className="size-5 text-indigo-600 print:hidden" aria-hidden /> Volunteer hours
          </CardTitle>
          <CardDescription>
            {data
              ? `Approved volunteer hours, ${formatDate(data.from)} - ${formatDate(data.to)}, valued at ${formatDollars(data.hourlyRate)} an hour (Settings → Payroll).`
              : 'Approved volunteer hours in this period, valued for grant reports.'}
          </CardDescription>
        </div>
        <div className="flex gap-2 print:hidden">
          <Button variant="outline" disabled={!data} onClick={() => section.current && printOnly(section.current)}>
            <Printer aria-hidden /> Print
          </Button>
          <Button
            variant="outline"
            disabled={!data}
            onClick={() => data && downloadText(volunteerHoursCsv(data), volunteerHoursFileName(data.from, data.to))}
          >
            <FileDown aria-hidden /> Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <LoadingState label="Loading volunteer hours..." />
        ) : report.isError ? (
          <ErrorState
            message={errorMessage(report.error, 'The volunteer hours could not be loaded.')}
            onRetry={() => void report.refetch()}
          />
        ) : report.data.volunteers.length === 0 ? (
          <EmptyState title="No volunteer hours were approved in this period." />
        ) : (
          <VolunteerTables report={report.data} />
        )}
      </CardContent>
    </Card>
  )
}

function VolunteerTables({ report }: { report: VolunteerHours }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Total label="Total hours">{formatPayrollHours(report.totalHours)}</Total>
        <Total label="Total value">{formatDollars(report.totalValue)}</Total>
      </dl>
      <section aria-labelledby="volunteer-by-person" className="space-y-2">
        <h3 id="volunteer-by-person" className="font-semibold text-slate-900">
          By volunteer
        </h3>
        <StackedTable columns={['Volunteer', 'Department', 'Hours', 'Value']}>
          {report.volunteers.map((v) => (
            <StackedRow key={v.employeeId}>
              <StackedCell label="Volunteer">{`${v.firstName} ${v.lastName}`.trim()}</StackedCell>
              <StackedCell label="Department">{v.department ?? '-'}</StackedCell>
              <StackedCell label="Hours" className="tabular-nums">
                {formatPayrollHours(v.hours)}
              </StackedCell>
              <StackedCell label="Value" className="tabular-nums">
                {formatDollars(v.value)}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      </section>
      <section aria-labelledby="volunteer-by-department" className="space-y-2">
        <h3 id="volunteer-by-department" className="font-semibold text-slate-900">
          By department
        </h3>
        <StackedTable columns={['Department', 'Hours', 'Value']}>
          {report.departments.map((d) => (
            <StackedRow key={d.department}>
              <StackedCell label="Department">{d.department}</StackedCell>
              <StackedCell label="Hours" className="tabular-nums">
                {formatPayrollHours(d.hours)}
              </StackedCell>
              <StackedCell label="Value" className="tabular-nums">
                {formatDollars(d.value)}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      </section>
    </div>
  )
}

function Total({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-md bg-slate-50 p-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}
