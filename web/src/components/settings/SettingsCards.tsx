import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client.ts'
import { useOrganizationSettings } from '../../api/organization.ts'
import { ErrorState } from '../ui/ErrorState.tsx'
import { OrganizationSettingsForm } from './OrganizationSettingsForm.tsx'
import { PayrollSettingsSection } from './PayrollSettingsForm.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'

/** The two settings forms that had no card of their own: Settings' pages and the setup guide show them. */

/** Name, logo, zone, week start and working days. */
export function OrganizationCard() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  return (
    <SettingsSectionCard
      id="organization"
      titleId="organization-settings-title"
      title={t('settings.orgTitle')}
      description={t('settings.orgDescription')}
    >
      {settings.data ? (
        // Keyed by the week start, which Settings → Payroll also edits: the form starts again from it.
        <OrganizationSettingsForm key={settings.data.weekStartDay} saved={settings.data} />
      ) : (
        <ErrorState
          message={errorMessage(settings.error, t('settings.loadError'))}
          onRetry={() => void settings.refetch()}
        />
      )}
    </SettingsSectionCard>
  )
}

/** Overtime rules, pay periods and the payroll provider's codes. */
export function PayrollCard() {
  const { t } = useTranslation('supervisor')
  return (
    <SettingsSectionCard
      id="payroll"
      titleId="payroll-settings-title"
      title={t('settings.payrollTitle')}
      description={t('settings.payrollDescription')}
    >
      <PayrollSettingsSection />
    </SettingsSectionCard>
  )
}
