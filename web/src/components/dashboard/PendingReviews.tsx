import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { User } from '@app/core'
import { pendingTimesheetsQuery } from '../../api/dashboard.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { ReviewDialog, type ReviewMode, type ReviewTarget } from '../review/ReviewDialog.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { employeeName, formatDate } from '../../lib/format.ts'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'

const SCOPES = ['mine', 'everyone'] as const
/** A member's own week is only viewed; any other opens with Approve and Decline. */
const modeFor = (own: boolean): ReviewMode => (own ? REVIEW_MODES.view : REVIEW_MODES.approve)
const REVIEW_MODES = { view: 'view', approve: 'approve' } as const satisfies Record<string, ReviewMode>
type Scope = (typeof SCOPES)[number]

/**
 * Issue 31: the weeks waiting for a decision, opening on "Waiting for me" (routed to me, or to the
 * supervisors I stand in for) with "Everyone" one click away: any supervisor may decide any week.
 */
export function PendingReviews({ user }: { user: User }) {
  const { t } = useTranslation('supervisor')
  const [scope, setScope] = useState<Scope>('mine')
  const [review, setReview] = useState<ReviewTarget | null>(null)
  const pending = useQuery(pendingTimesheetsQuery)
  const timeZone = useOrgTimeZone()
  const titleId = useId()
  const all = pending.data ?? []
  const rows = scope === 'mine' ? all.filter((s) => s.waitingForMe) : all
  const mine = all.filter((s) => s.waitingForMe).length

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id={titleId}>{t('dashboard.waiting.title')}</CardTitle>
        <div role="group" aria-label={t('dashboard.waiting.scope')} className="flex gap-2">
          {SCOPES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={scope === s ? 'primary' : 'outline'}
              aria-pressed={scope === s}
              onClick={() => setScope(s)}
            >
              {t(`dashboard.waiting.${s}`, { count: s === 'mine' ? mine : all.length })}
            </Button>
          ))}
        </div>
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
        ) : rows.length === 0 ? (
          <EmptyState title={t(scope === 'mine' ? 'dashboard.waiting.noneForMe' : 'dashboard.waiting.none')} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((sheet) => {
              const name = employeeName(sheet.employee)
              const whose = t('dashboard.recent.whose', { name, week: formatDate(sheet.weekStartDate) })
              return (
                <li key={sheet.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium break-words text-slate-900">{name}</span>
                    <span className="block text-sm text-slate-600">
                      {t('dashboard.waiting.week', { week: formatDate(sheet.weekStartDate) })}
                    </span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <TimesheetStatusBadge status={sheet.status} approvals={sheet.approvals.length} />
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('dashboard.waiting.reviewLabel', { whose })}
                      onClick={() => setReview({ timesheet: sheet, mode: modeFor(sheet.employeeId === user.id) })}
                    >
                      {t('dashboard.waiting.review')}
                    </Button>
                  </span>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      <ReviewDialog target={review} timeZone={timeZone} onClose={() => setReview(null)} />
    </Card>
  )
}
