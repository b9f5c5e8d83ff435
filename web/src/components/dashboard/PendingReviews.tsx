import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { User } from '@app/core'
import { pendingTimesheetsQuery } from '../../api/dashboard.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { ReviewDialog, type ReviewTarget } from '../review/ReviewDialog.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedTable } from '../ui/Table.tsx'
import { TimesheetRow } from './RecentTimesheets.tsx'

const SCOPES = ['mine', 'everyone'] as const
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
                canDecide={sheet.employeeId !== user.id}
                onOpen={(mode) => setReview({ timesheet: sheet, mode })}
              />
            ))}
          </StackedTable>
        )}
      </CardContent>
      <ReviewDialog target={review} timeZone={timeZone} onClose={() => setReview(null)} />
    </Card>
  )
}
