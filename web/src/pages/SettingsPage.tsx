import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { OrganizationSettingsForm } from '../components/settings/OrganizationSettingsForm.tsx'
import { PayrollSettingsSection } from '../components/settings/PayrollSettingsForm.tsx'
import { ApprovalSettingsSection } from '../components/approvals/ApprovalSettingsSection.tsx'
import { AllocationCodesSection } from '../components/settings/AllocationCodesSection.tsx'
import { ApiTokensSection } from '../components/settings/ApiTokensSection.tsx'
import { DataSection } from '../components/settings/DataSection.tsx'
import { KioskSection } from '../components/settings/KioskSection.tsx'
import { TimeOffSettingsSection } from '../components/settings/TimeOffSettingsSection.tsx'
import { WebhooksSection } from '../components/settings/WebhooksSection.tsx'
import { NotificationSettingsSection } from '../components/notifications/NotificationSettingsSection.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'

const SETTINGS_DENIED_REDIRECT_MS = 1000

function SettingsContent() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  if (settings.isLoading) return <PageLoading label={t('settings.loading')} />
  return (
    <PageLayout title={t('settings.title')} intro={t('settings.intro')} className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.orgTitle')}</CardTitle>
          <CardDescription>{t('settings.orgDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.data ? (
            // Keyed by the week start, which Settings → Payroll also edits: the form starts again from it.
            <OrganizationSettingsForm key={settings.data.weekStartDay} saved={settings.data} />
          ) : (
            <ErrorState
              message={errorMessage(settings.error, t('settings.loadError'))}
              onRetry={() => void settings.refetch()}
            />
          )}
        </CardContent>
      </Card>
      <Card id="payroll" role="region" aria-labelledby="payroll-settings-title">
        <CardHeader>
          <CardTitle id="payroll-settings-title">{t('settings.payrollTitle')}</CardTitle>
          <CardDescription>{t('settings.payrollDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PayrollSettingsSection />
        </CardContent>
      </Card>
      <ApprovalSettingsSection />
      <AllocationCodesSection />
      <TimeOffSettingsSection />
      <NotificationSettingsSection />
      <KioskSection />
      <ApiTokensSection />
      <WebhooksSection />
      <DataSection />
    </PageLayout>
  )
}

/** Organization settings (spec section 2), supervisors only. */
export function SettingsPage() {
  const { t } = useTranslation('supervisor')
  return (
    <SupervisorPage message={t('settings.denied')} redirectAfterMs={SETTINGS_DENIED_REDIRECT_MS}>
      <SettingsContent />
    </SupervisorPage>
  )
}
