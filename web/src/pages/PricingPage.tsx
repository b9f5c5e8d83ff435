import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Check, Gift, Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { bannerState, plans, TRIAL_DAYS, type BillingPeriod, type Plan } from '@app/core'
import { Badge } from '../components/ui/Badge.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { BillingPeriodToggle } from '../components/BillingPeriodToggle.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { cn } from '../lib/cn.ts'
import { planTexts } from '../lib/plan-texts.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'
import { useAuth } from '../api/auth.ts'
import { useSubscriptionStatus } from '../api/billing.ts'
import { Section } from '../components/ui/Section.tsx'

/** The plan a trial starts on from the pricing page's own button: the one marked popular. */
const trialPlan = plans.find((p) => p.popular) ?? plans[0]!

/** The 'All Plans Include' list, by its keys in the catalogue (pricing.included.*). */
const includedInEveryPlan = ['timesheets', 'timers', 'approval', 'declineEmail', 'csv', 'staffSignIn', 'separateData']

const formatPrice = (dollars: number) => `$${dollars % 1 === 0 ? dollars : dollars.toFixed(2)}`

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t } = useTranslation('supervisor')
  const price = period === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice
  const texts = planTexts(t, plan.id)
  return (
    <Card
      className={cn('relative flex h-full flex-col', plan.popular && 'border-2 border-indigo-600 shadow-md')}
      aria-labelledby={`plan-${plan.id}`}
      role="group"
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-indigo-600 text-white">
          {t('pricing.popular')}
        </Badge>
      ) : null}
      <CardHeader>
        <CardTitle id={`plan-${plan.id}`}>{plan.name}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
        <p className="mt-2">
          <span className="text-4xl font-bold text-slate-900" data-testid={`price-${plan.id}`}>
            {formatPrice(price)}
          </span>
          <span className="text-slate-600">{t(period === 'monthly' ? 'pricing.perMonth' : 'pricing.perYear')}</span>
        </p>
        {period === 'yearly' ? (
          <p className="text-sm text-slate-600">
            {t('pricing.billedAnnually', { price: formatPrice(plan.yearlyPrice / 12) })}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm">
          {texts.features.map((feature) => (
            <li key={feature} className="flex gap-2 text-slate-800">
              <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
              {feature}
            </li>
          ))}
          {texts.limitations.map((limitation) => (
            <li key={limitation} className="flex gap-2 text-slate-500">
              <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                <span className="sr-only">{t('pricing.limitation')}</span>
                {limitation}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" variant={plan.popular ? 'primary' : 'outline'}>
          <Link to={`/subscribe?plan=${plan.priceIds[period]}`}>{t('pricing.choose', { name: plan.name })}</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}

export function PricingPage() {
  const { t } = useTranslation('supervisor')
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  const { user } = useAuth()
  const subscription = useSubscriptionStatus({ enabled: user?.role === 'supervisor' })
  // A supervisor whose organization runs its free trial: the trial is already theirs.
  const inTrial = subscription.data !== undefined && bannerState(subscription.data).kind === 'trialing'
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:py-12">
      <DocumentTitle title={t('pricing.title')} />
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('pricing.heading')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">{t('pricing.intro', { days: TRIAL_DAYS })}</p>
        <div className="mt-6 flex flex-col items-center gap-4">
          <BillingPeriodToggle value={period} onChange={setPeriod} />
          {/* Signed in, the trial is at checkout (14 days included); signing in again would end the session. */}
          {user ? (
            <LinkButton to={`/subscribe?plan=${trialPlan.priceIds[period]}`} size="lg">
              {/* A supervisor whose organization already runs its trial subscribes; a trial is not started twice. */}
              {inTrial ? t('pricing.subscribeTo', { plan: trialPlan.name }) : t('pricing.startTrial')}
            </LinkButton>
          ) : (
            <LinkButton href={SUPERVISOR_LOGIN_URL} size="lg">
              {t('pricing.startTrial')}
            </LinkButton>
          )}
        </div>
      </header>

      <ul className="grid gap-6 pt-3 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} period={period} />
          </li>
        ))}
      </ul>

      <Section
        id="all-plans"
        title={t('pricing.allInclude')}
        className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          {includedInEveryPlan.map((item) => (
            <li key={item} className="flex gap-2 text-slate-800">
              <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
              {t(`pricing.included.${item}`)}
            </li>
          ))}
        </ul>
      </Section>

      <section
        aria-labelledby="free-trial"
        className="flex flex-col items-start gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:p-6"
      >
        <Gift className="size-8 shrink-0 text-indigo-600" aria-hidden />
        <div className="flex-1">
          <h2 id="free-trial" className="text-lg font-semibold text-slate-900">
            {t('pricing.trialTitle', { days: TRIAL_DAYS })}
          </h2>
          <p className="text-sm text-slate-700">{t('pricing.trialText', { days: TRIAL_DAYS })}</p>
        </div>
        <LinkButton to="/auth-guide" variant="outline">
          {t('pricing.howSignIn')}
        </LinkButton>
      </section>
    </div>
  )
}
