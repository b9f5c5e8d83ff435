import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { FileDown, History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { todayIn } from '@app/core'
import { auditListQuery, fetchAllAudit, NO_FILTERS, type AuditFilters } from '../api/audit.ts'
import { useMembers } from '../api/members.ts'
import { useOrgTimeZone } from '../api/organization.ts'
import { ActivityFilters } from '../components/audit/ActivityFilters.tsx'
import { AuditEntryItem } from '../components/audit/AuditEntryItem.tsx'
import { auditCsv } from '../components/audit/audit-text.ts'
import { useAuditContext } from '../components/audit/use-audit-context.ts'
import { downloadText } from '../components/dashboard/download.ts'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent } from '../components/ui/Card.tsx'
import { EmptyState } from '../components/ui/EmptyState.tsx'
import { LoadMoreButton } from '../components/ui/LoadMoreButton.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { toastFailure } from '../lib/toast-failure.ts'

/** The organization's audit trail, supervisors only: filters, Load more and a CSV of what the filters match. */
export function ActivityPage() {
  const { t } = useTranslation('supervisor')
  return (
    <SupervisorPage message={t('activity.denied')}>
      <Activity />
    </SupervisorPage>
  )
}

function Activity() {
  const { t } = useTranslation('supervisor')
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  // Days and times on the organization's clock (DESIGN section 6), as every screen shows them.
  const timeZone = useOrgTimeZone()
  const list = useInfiniteQuery(auditListQuery(filters, timeZone))
  const members = useMembers()
  // Ids in the records read as the campuses' and members' names.
  const context = useAuditContext({ names: true })
  const [exporting, setExporting] = useState(false)
  const entries = list.data?.pages.flatMap((p) => p.items) ?? []

  const exportCsv = async () => {
    setExporting(true)
    try {
      downloadText(auditCsv(await fetchAllAudit(filters, timeZone), context), `activity-${todayIn(timeZone)}.csv`)
    } catch (error) {
      toastFailure(t('activity.exportErrorTitle'), error, t('activity.exportError'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <PageLayout
      title={t('activity.title')}
      intro={t('activity.intro')}
      headerClassName="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between"
      actions={
        <Button variant="outline" onClick={() => void exportCsv()} busy={exporting} busyLabel={t('activity.exporting')}>
          <FileDown aria-hidden /> {t('exportCsv')}
        </Button>
      }
    >
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <ActivityFilters filters={filters} members={members.data ?? []} onChange={setFilters} />
        </CardContent>
      </Card>

      {list.isPending ? (
        <LoadingState label={t('activity.loading')} rows={4} />
      ) : list.isError ? (
        <ErrorState
          className="rounded-md bg-red-50 p-4"
          message={t('activity.loadError')}
          onRetry={() => void list.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState icon={History} title={t('activity.empty')} hint={t('activity.emptyHint')} />
      ) : (
        <section aria-label={t('activity.listLabel')} className="space-y-4">
          <ol className="space-y-2">
            {entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} context={context} showSubject />
            ))}
          </ol>
          <LoadMoreButton list={list} label={t('loadMore')} />
        </section>
      )}
    </PageLayout>
  )
}
