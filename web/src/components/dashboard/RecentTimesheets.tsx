import { useId, useMemo, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Check, Download, Eye, FileDown, Search, X } from 'lucide-react'
import { foldForSearch, formatHoursNumber, weekTotalHours, type ListedTimesheet, type User } from '@app/core'
import { employeeName, formatDate } from '../../lib/format.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { bulkReportUrl } from '../../api/reports.ts'
import { statusFilterLabel, timesheetCsvUrl, timesheetListQuery, type StatusFilter } from '../../api/timesheets.ts'
import { ReviewDialog, type ReviewMode, type ReviewTarget } from '../review/ReviewDialog.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/Select.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { UserAvatar } from '../UserAvatar.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { IconButton } from '../ui/IconButton.tsx'

const FILTERS = Object.keys(statusFilterLabel) as StatusFilter[]

/** Whether a search text matches the employee's first or last name (or both, as typed), accents and case ignored. */
export function matchesSearch(item: ListedTimesheet, search: string): boolean {
  const q = foldForSearch(search)
  if (!q) return true
  const e = item.employee
  if (!e) return false
  const first = foldForSearch(e.firstName)
  const last = foldForSearch(e.lastName)
  return first.includes(q) || last.includes(q) || `${first} ${last}`.includes(q)
}

interface ApprovedCsv {
  url: string
  label: string
}

/**
 * 'Recent Timesheet Submissions' (spec section 2): search, status filter, a page at a time, and
 * the row actions. A table on wide screens; each row stacks into a card on a phone.
 */
export function RecentTimesheets({ user }: { user: User }) {
  const isSupervisor = user.role === 'supervisor'
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const [review, setReview] = useState<ReviewTarget | null>(null)
  const [approvedCsv, setApprovedCsv] = useState<ApprovedCsv | null>(null)
  const list = useInfiniteQuery(timesheetListQuery(status))
  const searchId = useId()
  const timeZone = useOrgTimeZone()

  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data])
  const rows = useMemo(() => loaded.filter((t) => matchesSearch(t, search)), [loaded, search])
  const open = (timesheet: ListedTimesheet, mode: ReviewMode) => setReview({ timesheet, mode })

  return (
    <Card>
      <CardHeader className="gap-4">
        <CardTitle>Recent Timesheet Submissions</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search by employee name
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by first or last name..."
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
              <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
                <SelectTrigger aria-label="Filter by status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FILTERS.map((f) => (
                    <SelectItem key={f} value={f}>
                      {statusFilterLabel[f]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {isSupervisor ? (
              <Button asChild variant="outline">
                <a
                  href={bulkReportUrl(status)}
                  target="_blank"
                  rel="noopener"
                  title={
                    status === 'all'
                      ? 'Export every timesheet as CSV'
                      : `Export ${statusFilterLabel[status].toLowerCase()} timesheets as CSV`
                  }
                >
                  <FileDown aria-hidden /> Export
                </a>
              </Button>
            ) : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {approvedCsv ? (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900 sm:flex-row sm:items-center sm:justify-between"
          >
            <p>{approvedCsv.label}</p>
            <div className="flex gap-2">
              <Button asChild variant="success" size="sm">
                <a href={approvedCsv.url} target="_blank" rel="noopener">
                  <Download aria-hidden /> Download CSV
                </a>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setApprovedCsv(null)}>
                Dismiss
              </Button>
            </div>
          </div>
        ) : null}

        {list.isPending ? (
          <LoadingState label="Loading timesheets..." className="py-6" />
        ) : list.isError ? (
          <ErrorState
            className="py-6"
            message="The timesheets could not be loaded."
            onRetry={() => void list.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState title={loaded.length === 0 ? 'No timesheets yet.' : 'No timesheets match your search.'} />
        ) : (
          <StackedTable
            columns={[
              'Employee',
              'Week Starting',
              'Submitted',
              'Hours',
              'Status',
              { label: 'Actions', className: 'py-2 text-right font-medium' },
            ]}
          >
            {rows.map((t) => (
              <TimesheetRow
                key={t.id}
                timesheet={t}
                canDecide={isSupervisor && t.status === 'pending' && t.employeeId !== user.id}
                onOpen={(mode) => open(t, mode)}
              />
            ))}
          </StackedTable>
        )}

        {list.hasNextPage ? (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? <Spinner /> : null}
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </CardContent>

      <ReviewDialog
        target={review}
        timeZone={timeZone}
        onClose={() => setReview(null)}
        onDecided={(result, decision, sheet) => {
          if (decision !== 'approved') return
          setApprovedCsv({
            url: result.csvDownloadUrl || timesheetCsvUrl(result.id),
            label: `The CSV of ${employeeName(sheet.employee)}'s week of ${formatDate(sheet.weekStartDate)} is ready.`,
          })
        }}
      />
    </Card>
  )
}

function TimesheetRow({
  timesheet: t,
  canDecide,
  onOpen,
}: {
  timesheet: ListedTimesheet
  canDecide: boolean
  onOpen: (mode: ReviewMode) => void
}) {
  const name = employeeName(t.employee)
  const timeZone = useOrgTimeZone()
  const week = formatDate(t.weekStartDate)
  const whose = `${name}'s timesheet for the week of ${week}`
  return (
    <StackedRow>
      <td className="block pb-2 md:table-cell md:py-3 md:pr-4">
        <div className="flex items-center gap-3">
          {t.employee ? <UserAvatar user={t.employee} /> : null}
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{name}</p>
            {t.employee?.department ? <p className="text-slate-600">{t.employee.department}</p> : null}
          </div>
        </div>
      </td>
      <StackedCell label="Week Starting">{week}</StackedCell>
      <StackedCell label="Submitted">{formatDate(t.submittedAt, 'medium', '-', timeZone)}</StackedCell>
      <StackedCell label="Hours">{formatHoursNumber(weekTotalHours(t))}</StackedCell>
      <StackedCell label="Status">
        <TimesheetStatusBadge status={t.status} />
      </StackedCell>
      <td className="block pt-2 md:table-cell md:py-3">
        <div className="flex flex-wrap justify-end gap-1">
          {canDecide ? (
            <>
              <IconButton
                icon={Check}
                label={`Approve ${whose}`}
                title="Approve"
                tone="green"
                onClick={() => onOpen('approve')}
              />
              <IconButton
                icon={X}
                label={`Reject ${whose}`}
                title="Reject"
                tone="red"
                onClick={() => onOpen('reject')}
              />
            </>
          ) : null}
          <IconButton icon={Eye} label={`View ${whose}`} title="View" onClick={() => onOpen('view')} />
          {t.status === 'approved' ? (
            <Button asChild variant="ghost" size="icon" title="Download CSV">
              <a href={timesheetCsvUrl(t.id)} target="_blank" rel="noopener" aria-label={`Download CSV of ${whose}`}>
                <Download aria-hidden />
              </a>
            </Button>
          ) : null}
        </div>
      </td>
    </StackedRow>
  )
}
