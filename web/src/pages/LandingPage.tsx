import { useTranslation } from 'react-i18next'
import { BookOpen, CircleCheck, Clock, FileSpreadsheet, LayoutGrid, LogIn, PlayCircle, Tag } from 'lucide-react'
import { FeatureGrid } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { PRODUCT_NAME } from '../lib/product.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButtonRow, type LinkButtonProps } from '../components/ui/LinkButton.tsx'
import { Section } from '../components/ui/Section.tsx'

/** The four features, by their key in the public catalogue (landing.feature.{key}.title and .text). */
const features = [
  { icon: Clock, key: 'tracking' },
  { icon: CircleCheck, key: 'approval' },
  { icon: FileSpreadsheet, key: 'exports' },
  { icon: LayoutGrid, key: 'suite' },
] as const

export function LandingPage() {
  const { t } = useTranslation('public')
  const logins: LinkButtonProps[] = [
    { href: SUPERVISOR_LOGIN_URL, icon: LogIn, size: 'lg', children: t('landing.supervisorLogin') },
    { to: '/staff-login', icon: LogIn, size: 'lg', variant: 'outline', children: t('landing.staffLogin') },
  ]
  const more: LinkButtonProps[] = [
    { to: '/pricing', icon: Tag, variant: 'secondary', children: t('landing.pricing') },
    { href: '/demo', icon: PlayCircle, variant: 'secondary', children: t('landing.demo') },
    { to: '/staff-guide', icon: BookOpen, variant: 'secondary', children: t('landing.staffGuide') },
  ]
  return (
    <>
      <DocumentTitle />
      <section className="mx-auto max-w-6xl px-4 pt-10 pb-8 text-center sm:pt-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {t('landing.heading')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
          {t('landing.intro', { product: PRODUCT_NAME })}
        </p>
        <LinkButtonRow
          className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center"
          links={logins}
        />
        <LinkButtonRow
          className="mx-auto mt-3 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center"
          links={more}
        />
      </section>
      <Section
        id="features"
        title={t('landing.features')}
        titleClassName="sr-only"
        className="mx-auto max-w-6xl px-4 pb-16"
      >
        <FeatureGrid
          className="sm:grid-cols-2"
          items={features}
          text={(key, part) => t(`landing.feature.${key}.${part}`)}
        />
      </Section>
    </>
  )
}
