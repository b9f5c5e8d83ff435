import { Trans, useTranslation } from 'react-i18next'
import { ArrowLeft, ClipboardCheck, Eye, TriangleAlert, UserRound } from 'lucide-react'
import { useAuth } from '../api/auth.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { Button } from '../components/ui/Button.tsx'
import { CardContent } from '../components/ui/Card.tsx'
import { FeatureCard } from '../components/ui/IconCard.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

export const DEMO_ORGANIZATION_NAME = 'Demo: Grace Community Church'

/** GET /api/demo: a browser navigation that opens the demo organization in the chosen role, then goes to /. */
export const demoUrl = (role: 'supervisor' | 'employee') => `/api/demo?role=${role}`

/** The two ways in; their words are demo.role.{role}.title, .action and .text in the public catalogue. */
const roles = [
  { role: 'supervisor', icon: ClipboardCheck },
  { role: 'employee', icon: UserRound },
] as const

/** /demo (DESIGN.md section 5): explains the read-only demonstration organization and opens it. */
export function DemoPage() {
  const { t } = useTranslation('public')
  const { user } = useAuth()
  // Opening the demo replaces the browser's session; a member of a real organization is told so first.
  const leavesAccount = user !== null && !user.demo
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-12">
      <DocumentTitle title={t('demo.title')} />
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('demo.heading')}</h1>
        <p className="text-slate-600">
          <Trans
            t={t}
            i18nKey="demo.intro"
            values={{ name: DEMO_ORGANIZATION_NAME }}
            components={{ strong: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
        <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <Eye className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
          {t('demo.readOnly')}
        </p>
        {leavesAccount ? (
          <p className="flex gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            {t('demo.leavesAccount')}
          </p>
        ) : null}
      </header>

      <ul className="grid gap-4 md:grid-cols-2">
        {roles.map(({ role, icon: Icon }) => (
          <li key={role}>
            <FeatureCard
              icon={Icon}
              title={t(`demo.role.${role}.title`)}
              text={t(`demo.role.${role}.text`)}
              className="flex flex-col"
            >
              <CardContent className="mt-auto">
                <Button asChild size="lg" wrap className="w-full">
                  {/* A full browser navigation: the API opens the demo session and redirects to /. */}
                  <a href={demoUrl(role)}>{t(`demo.role.${role}.action`)}</a>
                </Button>
              </CardContent>
            </FeatureCard>
          </li>
        ))}
      </ul>

      <LinkButton to="/" icon={ArrowLeft} variant="outline">
        {t('demo.back')}
      </LinkButton>
    </div>
  )
}
