import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client.ts'
import { useOrganizationSettings } from '../../api/organization.ts'
import { ErrorState } from '../ui/ErrorState.tsx'
import { OrganizationSettingsForm } from './OrganizationSettingsForm.tsx'
import { PayrollSettingsSection } from './PayrollSettingsForm.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'
import { Remounted } from '../ui/Remounted.tsx'

/** The two settings forms that had no card of their own: Settings' pages and the setup guide show them. */

/** Each card's title id and its texts' keys; its name is its anchor. */
const CARDS = {
  organization: {
    titleId: 'organization-settings-title',
    title: 'settings.orgTitle',
    description: 'settings.orgDescription',
  },
  payroll: {
    titleId: 'payroll-settings-title',
    title: 'settings.payrollTitle',
    description: 'settings.payrollDescription',
  },
} as const

function SettingsCard({ name, children }: { name: keyof typeof CARDS; children: ReactNode }) {
  const { t } = useTranslation('supervisor')
  const { titleId, title, description } = CARDS[name]
  return (
    <SettingsSectionCard id={name} titleId={titleId} title={t(title)} description={t(description)}>
      {children}
    </SettingsSectionCard>
  )
}

/** Name, logo, zone, week start and working days. */
export function OrganizationCard() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  return (
    <SettingsCard name="organization">
      {settings.data ? (
        // Keyed by the week start, which Settings → Payroll also edits: the form starts again from it.
        <Remounted version={settings.data.weekStartDay}>
          <OrganizationSettingsForm saved={settings.data} />
        </Remounted>
      ) : (
        <ErrorState
          message={errorMessage(settings.error, t('settings.loadError'))}
          onRetry={() => void settings.refetch()}
        />
      )}
    </SettingsCard>
  )
}

/** Overtime rules, pay periods and the payroll provider's codes. */
export function PayrollCard() {
  return (
    <SettingsCard name="payroll">
      <PayrollSettingsSection />
    </SettingsCard>
  )
}
