import { useTranslation } from 'react-i18next'
import { useAuth } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { SupervisorOnly } from '../components/members/SupervisorOnly.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { OrganizationSettingsForm } from '../components/settings/OrganizationSettingsForm.tsx'
import { PayrollSettingsSection } from '../components/settings/PayrollSettingsForm.tsx'
import { NotificationSettingsSection } from '../components/notifications/NotificationSettingsSection.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'

const SETTINGS_DENIED_REDIRECT_MS = 1000

function SettingsContent() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  if (settings.isLoading) return <PageLoading label={t('settings.loading')} />
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title={t('settings.title')} />
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('settings.title')}</h1>
        <p className="text-sm text-slate-600">{t('settings.intro')}</p>
      </div>
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
      <NotificationSettingsSection />
    </div>
  )
}

/** Organization settings (spec section 2), supervisors only. */
export function SettingsPage() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} message={t('settings.denied')} redirectAfterMs={SETTINGS_DENIED_REDIRECT_MS}>
      <SettingsContent />
    </SupervisorOnly>
  )
}
