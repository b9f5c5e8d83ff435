import { useId, useMemo, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Check, Download, Eye, FileDown, Search, X } from 'lucide-react'
import {
  foldForSearch,
  matchesName,
  sentBack,
  weekEnd,
  weekTotalHours,
  type ListedTimesheet,
  type User,
  type WeekLeave,
} from '@app/core'
import { employeeName, formatDate, formatHoursValue } from '../../lib/format.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useCampusParam } from '../../api/campuses.ts'
import { bulkReportUrl } from '../../api/reports.ts'
import { statusFilterLabel, timesheetCsvUrl, timesheetListQuery, type StatusFilter } from '../../api/timesheets.ts'
import type { ReviewMode, ReviewTarget } from '../review/ReviewDialog.tsx'
import { LazyReviewDialog } from '../review/LazyReviewDialog.tsx'
import { RowFlag, useWeekLeave } from '../review/WeekFlags.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Input } from '../ui/Input.tsx'
import { ChoiceSelect } from '../ui/Select.tsx'
import { LoadMoreButton } from '../ui/LoadMoreButton.tsx'
import { UserAvatar } from '../UserAvatar.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { IconButton } from '../ui/IconButton.tsx'
import { MemberName } from '../ui/MemberName.tsx'

const FILTERS = Object.keys(statusFilterLabel) as StatusFilter[]
const APPROVE: ReviewMode = 'approve'

/** Whether a search text matches the employee's first or last name (or both, as typed), accents and case ignored. */
export function matchesSearch(item: ListedTimesheet, search: string): boolean {
  if (!foldForSearch(search)) return true
  return item.employee ? matchesName(item.employee, search) : false
}

/**
 * What an empty list says: 'none yet' only when nothing narrows it; a chosen status is filtered by
 * the API, so an empty answer there says nothing about the weeks of the other statuses.
 */
const emptyText = (status: StatusFilter, search: string) =>
  foldForSearch(search)
    ? 'dashboard.recent.noMatch'
    : status !== 'all'
      ? 'dashboard.recent.noMatchStatus'
      : 'dashboard.recent.empty'

interface ApprovedCsv {
  url: string
  label: string
}

/**
 * 'Recent Timesheet Submissions' (spec section 2): search, status filter, a page at a time, and
 * the row actions. A table on wide screens; each row stacks into a card on a phone.
 */
export function RecentTimesheets({ user }: { user: User }) {
  const { t } = useTranslation('supervisor')
  const isSupervisor = user.role === 'supervisor'
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const [review, setReview] = useState<ReviewTarget | null>(null)
  const [approvedCsv, setApprovedCsv] = useState<ApprovedCsv | null>(null)
  const campusId = useCampusParam()
  const list = useInfiniteQuery(timesheetListQuery(status, campusId))
  const searchId = useId()
  const timeZone = useOrgTimeZone()

  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data])
  const rows = useMemo(() => loaded.filter((t) => matchesSearch(t, search)), [loaded, search])
  const open = (timesheet: ListedTimesheet, mode: ReviewMode) => setReview({ timesheet, mode })
  // A pending row flags time on a holiday or during approved time off (one read of each
  // for the weeks of the pending rows).
  const pendingWeeks = useMemo(
    () =>
      rows
        .filter((r) => r.status === 'pending')
        .map((r) => r.weekStartDate)
        .sort(),
    [rows],
  )
  const leaveOf = useWeekLeave(
    isSupervisor && pendingWeeks.length ? { from: pendingWeeks[0]!, to: weekEnd(pendingWeeks.at(-1)!) } : null,
  )

  return (
    <Card>
      <CardHeader className="gap-4">
        <CardTitle>{t('dashboard.recent.title')}</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              {t('dashboard.recent.searchLabel')}
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              placeholder={t('dashboard.recent.searchPlaceholder')}
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <ChoiceSelect
              className="min-w-0 flex-1 sm:w-44 sm:flex-none"
              label={t('dashboard.recent.filterLabel')}
              value={status}
              choices={FILTERS}
              choiceLabel={(f) => t(`dashboard.recent.filter.${f}`)}
              onChange={setStatus}
            />
            {isSupervisor ? (
              <Button asChild variant="outline">
                <a
                  href={bulkReportUrl(status, search, campusId)}
                  target="_blank"
                  rel="noopener"
                  title={t(`dashboard.recent.exportTitle.${status}`)}
                >
                  <FileDown aria-hidden /> {t('reports.export')}
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
                  <Download aria-hidden /> {t('dashboard.recent.downloadCsv')}
                </a>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setApprovedCsv(null)}>
                {t('dashboard.recent.dismiss')}
              </Button>
            </div>
          </div>
        ) : null}

        {list.isPending && list.isPaused ? (
          // Offline before the first page came: TanStack waits for the connection, so say why.
          <EmptyState title={t('dashboard.recent.offline')} />
        ) : list.isPending ? (
          <LoadingState label={t('dashboard.recent.loading')} className="py-6" />
        ) : list.isError ? (
          <ErrorState className="py-6" message={t('dashboard.recent.loadError')} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={t(emptyText(status, search))} />
        ) : (
          <StackedTable
            columns={[
              t('dashboard.recent.columns.employee'),
              t('dashboard.recent.columns.weekStarting'),
              t('dashboard.recent.columns.submitted'),
              t('dashboard.recent.columns.hours'),
              t('dashboard.recent.columns.status'),
              { label: t('dashboard.recent.columns.actions'), className: 'py-2 text-right font-medium' },
            ]}
          >
            {rows.map((sheet) => (
              <TimesheetRow
                key={sheet.id}
                timesheet={sheet}
                canDecide={isSupervisor && sheet.status === 'pending' && sheet.employeeId !== user.id}
                leave={leaveOf(sheet.employeeId)}
                onOpen={(mode) => open(sheet, mode)}
              />
            ))}
          </StackedTable>
        )}

        <LoadMoreButton list={list} label={t('loadMore')} />
      </CardContent>

      <LazyReviewDialog
        target={review}
        timeZone={timeZone}
        onClose={() => setReview(null)}
        onReview={
          review && isSupervisor && review.timesheet.employeeId !== user.id
            ? () => open(review.timesheet, APPROVE)
            : undefined
        }
        canSendBack={Boolean(review && isSupervisor && review.timesheet.employeeId !== user.id)}
        editHref={
          review && review.timesheet.employeeId === user.id && sentBack(review.timesheet)
            ? `/submit-timesheet?week=${review.timesheet.weekStartDate}`
            : undefined
        }
        onDecided={(result, decision, sheet) => {
          if (decision !== 'approved') return
          setApprovedCsv({
            url: result.csvDownloadUrl || timesheetCsvUrl(result.id),
            label: t('dashboard.recent.csvReady', {
              name: employeeName(sheet.employee),
              date: formatDate(sheet.weekStartDate),
            }),
          })
        }}
      />
    </Card>
  )
}

function TimesheetRow({
  timesheet: sheet,
  canDecide,
  leave,
  onOpen,
}: {
  timesheet: ListedTimesheet
  canDecide: boolean
  leave: WeekLeave | undefined
  onOpen: (mode: ReviewMode) => void
}) {
  const { t } = useTranslation('supervisor')
  const name = employeeName(sheet.employee)
  const timeZone = useOrgTimeZone()
  const week = formatDate(sheet.weekStartDate)
  const whose = t('dashboard.recent.whose', { name, week })
  const submitted = formatDate(sheet.submittedAt, 'medium', '-', timeZone)
  const view = () => onOpen('view')
  const decisions = [
    {
      mode: 'approve',
      icon: Check,
      label: t('dashboard.recent.approveLabel', { whose }),
      title: t('review.approve'),
      tone: 'green',
    },
    {
      mode: 'reject',
      icon: X,
      label: t('dashboard.recent.rejectLabel', { whose }),
      title: t('review.reject'),
      tone: 'red',
    },
  ] as const
  return (
    <StackedRow>
      <td className="block pb-2 md:table-cell md:py-3 md:pr-4">
        <div className="flex items-center gap-3">
          {sheet.employee ? <UserAvatar user={sheet.employee} /> : null}
          <div className="min-w-0">
            <MemberName name={name} className="font-medium text-slate-900" />
            {sheet.employee?.department ? <p className="text-slate-600">{sheet.employee.department}</p> : null}
          </div>
        </div>
      </td>
      <StackedCell label={t('dashboard.recent.columns.weekStarting')}>{week}</StackedCell>
      <StackedCell label={t('dashboard.recent.columns.submitted')}>{submitted}</StackedCell>
      <StackedCell label={t('dashboard.recent.columns.hours')}>{formatHoursValue(weekTotalHours(sheet))}</StackedCell>
      <StackedCell label={t('dashboard.recent.columns.status')}>
        <span className="flex flex-col items-start gap-1">
          <TimesheetStatusBadge status={sheet.status} approvals={sheet.approvals.length} />
          {sheet.status === 'pending' ? <RowFlag week={sheet} leave={leave} /> : null}
        </span>
      </StackedCell>
      <td className="block pt-2 md:table-cell md:py-3">
        <div className="flex flex-wrap justify-end gap-1">
          {canDecide ? (
            <>
              {decisions.map((d) => (
                <IconButton
                  key={d.mode}
                  icon={d.icon}
                  label={d.label}
                  title={d.title}
                  tone={d.tone}
                  onClick={() => onOpen(d.mode)}
                />
              ))}
            </>
          ) : null}
          <IconButton
            icon={Eye}
            label={t('dashboard.recent.viewLabel', { whose })}
            title={t('dashboard.recent.view')}
            onClick={view}
          />
          {sheet.status === 'approved' ? (
            <Button asChild variant="ghost" size="icon" title={t('dashboard.recent.downloadCsv')}>
              <a
                href={timesheetCsvUrl(sheet.id)}
                target="_blank"
                rel="noopener"
                aria-label={t('dashboard.recent.downloadLabel', { whose })}
              >
                <Download aria-hidden />
              </a>
            </Button>
          ) : null}
        </div>
      </td>
    </StackedRow>
  )
}
