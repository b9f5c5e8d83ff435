import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { addDays, currentWeekStart, type BulkApproveResult, type ListedTimesheet, type User } from '@app/core'
import { useCampusParam } from '../../api/campuses.ts'
import { pendingTimesheetsFor } from '../../api/dashboard.ts'
import { useOrganizationSettings, useOrgTimeZone } from '../../api/organization.ts'
import { useBulkApprove } from '../../api/timesheets.ts'
import type { ReviewMode, ReviewTarget } from '../review/ReviewDialog.tsx'
import { LazyReviewDialog } from '../review/LazyReviewDialog.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { cn } from '../../lib/cn.ts'
import { employeeName, formatDate } from '../../lib/format.ts'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { MemberName } from '../ui/MemberName.tsx'
import { PendingList, PendingScopeButtons, usePendingScope } from '../approvals/PendingItems.tsx'

/** A member's own week is only viewed; any other opens with Approve and Decline. */
const modeFor = (own: boolean): ReviewMode => (own ? REVIEW_MODES.view : REVIEW_MODES.approve)
const REVIEW_MODES = { view: 'view', approve: 'approve' } as const satisfies Record<string, ReviewMode>
/** A bulk approval's answer, with the names of its weeks as they were chosen. */
type Outcome = BulkApproveResult & { names: Map<number, string> }

/**
 * The weeks waiting for a decision, opening on "Waiting for me" (routed to me, or to the
 * supervisors I stand in for) with "Everyone" one click away: any supervisor may decide any week.
 */
export function PendingReviews({ user }: { user: User }) {
  const { t } = useTranslation('supervisor')
  const [review, setReview] = useState<ReviewTarget | null>(null)
  const pending = useQuery(pendingTimesheetsFor(useCampusParam()))
  const timeZone = useOrgTimeZone()
  const titleId = useId()
  const scoped = usePendingScope(pending.data ?? [])
  const rows = scoped.rows
  const weekStartDay = useOrganizationSettings().data?.weekStartDay ?? 'monday'
  const lastWeek = addDays(currentWeekStart(timeZone, weekStartDay), -7)
  // Several weeks approved at once (never one's own: nobody decides their own week).
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const bulk = useBulkApprove()
  const selectable = rows.filter((s) => s.employeeId !== user.id)
  const chosen = selectable.filter((s) => selected.has(s.id)).map((s) => s.id)
  const lastWeeks = selectable.filter((s) => s.weekStartDate === lastWeek).map((s) => s.id)
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const approveChosen = () => {
    // The rows' names as they were chosen: the pending list is refetched without the approved ones.
    const names = new Map(
      selectable.map((s) => [
        s.id,
        t('dashboard.recent.whose', { name: employeeName(s.employee), week: formatDate(s.weekStartDate) }),
      ]),
    )
    bulk.mutate(chosen, {
      onSuccess: (result) => {
        setOutcome({ ...result, names })
        setSelected(new Set())
      },
    })
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id={titleId}>{t('dashboard.waiting.title')}</CardTitle>
        <PendingScopeButtons
          pending={scoped}
          label={t('dashboard.waiting.scope')}
          text={(s, count) => t(`dashboard.waiting.${s}`, { count })}
        />
      </CardHeader>
      <CardContent>
        {pending.isPending ? (
          <LoadingState label={t('dashboard.recent.loading')} className="py-6" />
        ) : pending.isError ? (
          <ErrorState
            className="py-6"
            message={t('dashboard.recent.loadError')}
            onRetry={() => void pending.refetch()}
          />
        ) : (
          <PendingList
            rows={rows}
            empty={t(scoped.scope === 'mine' ? 'dashboard.waiting.noneForMe' : 'dashboard.waiting.none')}
            before={
              selectable.length > 0 ? (
                <div role="group" aria-label={t('dashboard.bulk.label')} className="flex flex-wrap gap-2 pb-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={lastWeeks.length === 0}
                    onClick={() => setSelected(new Set(lastWeeks))}
                  >
                    {t('dashboard.bulk.lastWeek', { count: lastWeeks.length })}
                  </Button>
                  <Button size="sm" disabled={chosen.length === 0} busy={bulk.isPending} onClick={approveChosen}>
                    {t('dashboard.bulk.approve', { count: chosen.length })}
                  </Button>
                </div>
              ) : null
            }
          >
            {(sheet) => (
              <PendingRow
                key={sheet.id}
                sheet={sheet}
                own={sheet.employeeId === user.id}
                selected={selected.has(sheet.id)}
                onSelect={(on) => toggle(sheet.id, on)}
                onReview={() => setReview({ timesheet: sheet, mode: modeFor(sheet.employeeId === user.id) })}
              />
            )}
          </PendingList>
        )}
        <div role="status" className="empty:hidden">
          {outcome ? <BulkOutcome outcome={outcome} /> : null}
        </div>
      </CardContent>
      <LazyReviewDialog target={review} timeZone={timeZone} onClose={() => setReview(null)} />
    </Card>
  )
}

/** What a bulk approval did: final and first approvals counted apart, and each week it could not approve, with why. */
function BulkOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('supervisor')
  return (
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      {/* Final approvals and first approvals (two-step approvals on) are counted apart. */}
      {outcome.approved.length > outcome.firstApprovals.length || outcome.firstApprovals.length === 0 ? (
        <p className="font-medium">
          {t('dashboard.bulk.approved', { count: outcome.approved.length - outcome.firstApprovals.length })}
        </p>
      ) : null}
      {outcome.firstApprovals.length > 0 ? (
        <p className="font-medium">{t('dashboard.bulk.firstApprovals', { count: outcome.firstApprovals.length })}</p>
      ) : null}
      {outcome.failed.length > 0 ? (
        <>
          <p className="mt-1">{t('dashboard.bulk.failed', { count: outcome.failed.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {outcome.failed.map((f) => (
              <li key={f.id}>
                {outcome.names.get(f.id) ?? `#${f.id}`}: {f.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/** One week waiting: chosen for a bulk approval (never one's own), whose and which, its state, and Review. */
function PendingRow({
  sheet,
  own,
  selected,
  onSelect,
  onReview,
}: {
  sheet: ListedTimesheet
  own: boolean
  selected: boolean
  onSelect: (on: boolean) => void
  onReview: () => void
}) {
  const { t } = useTranslation('supervisor')
  const name = employeeName(sheet.employee)
  const whose = t('dashboard.recent.whose', { name, week: formatDate(sheet.weekStartDate) })
  return (
    // On a phone the status and Review go on a line of their own, lined up under the name (past
    // the box): beside them the name and week were left some 40 px, a word a line.
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2 sm:justify-between sm:gap-y-2">
      {own ? null : (
        <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            className="size-5 accent-indigo-600"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={t('dashboard.bulk.select', { whose })}
          />
        </label>
      )}
      <span className="min-w-0 flex-1">
        <MemberName name={name} className="font-medium text-slate-900" />
        <span className="block text-sm text-slate-600">
          {t('dashboard.waiting.week', { week: formatDate(sheet.weekStartDate) })}
        </span>
      </span>
      <span className={cn('flex w-full flex-wrap items-center gap-2 sm:w-auto sm:pl-0', own ? '' : 'pl-13')}>
        <TimesheetStatusBadge status={sheet.status} approvals={sheet.approvals.length} />
        <Button
          size="sm"
          variant="outline"
          // A thumb's 44 px on a phone; the desk keeps the small button.
          className="min-h-11 sm:min-h-9"
          aria-label={t('dashboard.waiting.reviewLabel', { whose })}
          onClick={onReview}
        >
          {t('dashboard.waiting.review')}
        </Button>
      </span>
    </li>
  )
}
