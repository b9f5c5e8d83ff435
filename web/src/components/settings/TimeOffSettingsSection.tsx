import { useTranslation } from 'react-i18next'
import { useHolidays, usePolicies } from '../../api/time-off.ts'
import { HolidaysForm } from './HolidaysForm.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'
import { PoliciesForm } from './TimeOffPoliciesForm.tsx'
import { SavedForm } from '../ui/Remounted.tsx'

/** The catalogue group of this section's texts. */
const TEXTS = 'settings.timeOff'

/** Settings → Time off: the policies of the three kinds, then the holidays and blackout dates. */
export function TimeOffSettingsSection() {
  const { t } = useTranslation('supervisor')
  const policies = usePolicies()
  const holidays = useHolidays()
  return (
    <SettingsSectionCard id="time-off" titleId="time-off-settings-title" texts={TEXTS} contentClassName="space-y-8">
      <SavedForm query={policies} loading={t('settings.loading')} loadError={t('settings.loadError')}>
        {(saved) => <PoliciesForm saved={saved} />}
      </SavedForm>
      <SavedForm query={holidays} loading={t('settings.loading')} loadError={t('settings.loadError')}>
        {(saved) => <HolidaysForm saved={saved} />}
      </SavedForm>
    </SettingsSectionCard>
  )
}
