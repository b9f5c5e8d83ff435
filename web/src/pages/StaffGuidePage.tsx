import { useTranslation } from 'react-i18next'
import { CalendarCheck, Clock, KeyRound, ListChecks, LogIn, Send } from 'lucide-react'
import { FeatureGrid } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { PageLayout } from '../components/PageLayout.tsx'
import { LinkButtonRow, type LinkButtonProps } from '../components/ui/LinkButton.tsx'
import { NumberedSteps } from '../components/ui/NumberedSteps.tsx'
import { Section } from '../components/ui/Section.tsx'

/** The guide's topics and steps, by their keys under staffGuide in the public catalogue. */
const topics = [
  { icon: Send, key: 'submit' },
  { icon: Clock, key: 'track' },
  { icon: ListChecks, key: 'status' },
] as const

const steps = [
  { icon: KeyRound, key: 'credentials' },
  { icon: LogIn, key: 'login' },
  { icon: CalendarCheck, key: 'tracking' },
] as const

export function StaffGuidePage() {
  const { t } = useTranslation('public')
  const logins: LinkButtonProps[] = [
    { to: '/staff-login', size: 'lg', children: t('staffGuide.staffLogin') },
    { href: SUPERVISOR_LOGIN_URL, size: 'lg', variant: 'outline', children: t('staffGuide.supervisorLogin') },
  ]
  return (
    <PageLayout look="wideGuide" title={t('staffGuide.title')} intro={t('staffGuide.intro')}>
      <FeatureGrid
        className="md:grid-cols-3"
        items={topics}
        text={(key, part) => t(`staffGuide.topic.${key}.${part}`)}
        iconClassName="size-7"
        titleClassName="text-base"
      />

      <Section id="getting-started" title={t('staffGuide.stepsTitle')}>
        <NumberedSteps
          className="mt-4 space-y-3"
          steps={steps}
          itemClassName="flex gap-4 rounded-lg border border-slate-200 bg-white p-4"
          badgeClassName="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
        >
          {({ icon: Icon, key }, number) => (
            <>
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <span className="sr-only">{t('staffGuide.step', { number })}</span>
                {t(`staffGuide.steps.${key}.title`)}
                <Icon className="size-4 text-slate-500" aria-hidden />
              </h3>
              <p className="mt-1 text-sm text-slate-700">{t(`staffGuide.steps.${key}.text`)}</p>
            </>
          )}
        </NumberedSteps>
      </Section>

      <LinkButtonRow className="flex flex-col gap-3 sm:flex-row" links={logins} />
    </PageLayout>
  )
}
