import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { ComponentType } from 'react'
import { useOrganizationSettings } from '../api/organization.ts'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { OrganizationCard, PayrollCard } from '../components/settings/SettingsCards.tsx'
import { ApprovalSettingsSection } from '../components/approvals/ApprovalSettingsSection.tsx'
import { AllocationCodesSection } from '../components/settings/AllocationCodesSection.tsx'
import { ApiTokensSection } from '../components/settings/ApiTokensSection.tsx'
import { CampusesSection } from '../components/settings/CampusesSection.tsx'
import { DataSection } from '../components/settings/DataSection.tsx'
import { KioskSection } from '../components/settings/KioskSection.tsx'
import { TimeOffSettingsSection } from '../components/settings/TimeOffSettingsSection.tsx'
import { WebhooksSection } from '../components/settings/WebhooksSection.tsx'
import { IntegrationsSection } from '../components/settings/IntegrationsSection.tsx'
import { SettingsNav } from '../components/settings/SettingsNav.tsx'
import { SetupGuide } from '../components/settings/SetupGuide.tsx'
import {
  pageForHash,
  settingsPagesFor,
  settingsPath,
  type SettingsPageId,
} from '../components/settings/settings-pages.ts'
import { wholeChurch } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { NotificationSettingsSection } from '../components/notifications/NotificationSettingsSection.tsx'

const SETTINGS_DENIED_REDIRECT_MS = 1000

/** Each page's content: the sections as they were on the one long page, one (or two) at a time. */
const PAGE_CONTENT: Record<SettingsPageId, ComponentType> = {
  setup: SetupGuide,
  organization: OrganizationCard,
  payroll: PayrollCard,
  'time-off': TimeOffSettingsSection,
  ministries: AllocationCodesSection,
  campuses: CampusesSection,
  approvals: ApprovalSettingsSection,
  notifications: NotificationSettingsSection,
  kiosks: KioskSection,
  api: ApiTokensSection,
  webhooks: WebhooksSection,
  integrations: IntegrationsSection,
  data: DataSection,
}

/**
 * /settings, and the old single page's anchors (/settings#data in an email): the page they name, if
 * the supervisor has it, else their first page.
 */
function SettingsIndex({ pages, first }: { pages: readonly SettingsPageId[]; first: SettingsPageId }) {
  const { hash } = useLocation()
  const named = pageForHash(hash)
  return <Navigate to={settingsPath(named && pages.includes(named) ? named : first)} replace />
}

function SettingsContent() {
  const { t } = useTranslation('supervisor')
  const settings = useOrganizationSettings()
  const { user } = useAuth()
  const whole = !user || wholeChurch(user)
  const { pages, first } = settingsPagesFor(whole)
  if (settings.isLoading) return <PageLoading label={t('settings.loading')} />
  const index = <SettingsIndex pages={pages} first={first} />
  return (
    <PageLayout
      title={t('settings.title')}
      intro={t(whole ? 'settings.intro' : 'settings.campusIntro')}
      className="max-w-5xl"
    >
      <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <SettingsNav pages={pages} />
        <div className="min-w-0 space-y-6">
          <Routes>
            <Route index element={index} />
            {pages.map((page) => {
              const Content = PAGE_CONTENT[page]
              return <Route key={page} path={page} element={<Content />} />
            })}
            <Route path="*" element={index} />
          </Routes>
        </div>
      </div>
    </PageLayout>
  )
}

/** Organization settings (spec section 2), supervisors only: one page per subject under /settings/…. */
export function SettingsPage() {
  const { t } = useTranslation('supervisor')
  return (
    <SupervisorPage message={t('settings.denied')} redirectAfterMs={SETTINGS_DENIED_REDIRECT_MS}>
      <SettingsContent />
    </SupervisorPage>
  )
}
