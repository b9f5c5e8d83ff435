import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client.ts'
import { useOrganizationSettings } from '../../api/organization.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { OrganizationSettingsForm } from './OrganizationSettingsForm.tsx'
import { PayrollSettingsSection } from './PayrollSettingsForm.tsx'

/** The two settings forms that had no card of their own: Settings' pages and the setup guide show them. */

/** Name, logo, zone, week start and working days. */
export function OrganizationCard() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  return (
    <Card id="organization" role="region" aria-labelledby="organization-settings-title">
      <CardHeader>
        <CardTitle id="organization-settings-title">{t('settings.orgTitle')}</CardTitle>
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
  )
}

/** Overtime rules, pay periods and the payroll provider's codes. */
export function PayrollCard() {
  const { t } = useTranslation('supervisor')
  return (
    <Card id="payroll" role="region" aria-labelledby="payroll-settings-title">
      <CardHeader>
        <CardTitle id="payroll-settings-title">{t('settings.payrollTitle')}</CardTitle>
        <CardDescription>{t('settings.payrollDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <PayrollSettingsSection />
      </CardContent>
    </Card>
  )
}
