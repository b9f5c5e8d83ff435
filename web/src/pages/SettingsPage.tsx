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

const SETTINGS_DENIED_MESSAGE = 'Only supervisors can access organization settings.'
const SETTINGS_DENIED_REDIRECT_MS = 1000

function SettingsContent() {
  const settings = useOrganizationSettings()
  if (settings.isLoading) return <PageLoading label="Loading settings..." />
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title="Organization Settings" />
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Organization Settings</h1>
        <p className="text-sm text-slate-600">Your organization’s name and logo, and how its weeks are counted.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Name, logo and week</CardTitle>
          <CardDescription>The name and logo appear in the header for everyone in your organization.</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.data ? (
            // Keyed by the week start, which Settings → Payroll also edits: the form starts again from it.
            <OrganizationSettingsForm key={settings.data.weekStartDay} saved={settings.data} />
          ) : (
            <ErrorState
              message={errorMessage(settings.error, 'Could not load the organization settings.')}
              onRetry={() => void settings.refetch()}
            />
          )}
        </CardContent>
      </Card>
      <Card id="payroll" role="region" aria-labelledby="payroll-settings-title">
        <CardHeader>
          <CardTitle id="payroll-settings-title">Payroll</CardTitle>
          <CardDescription>Overtime rules, pay periods and the codes your payroll provider needs.</CardDescription>
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
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} message={SETTINGS_DENIED_MESSAGE} redirectAfterMs={SETTINGS_DENIED_REDIRECT_MS}>
      <SettingsContent />
    </SupervisorOnly>
  )
}
