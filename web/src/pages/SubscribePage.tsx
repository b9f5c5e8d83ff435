import { useEffect, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { planTexts } from '../lib/plan-texts.ts'
import { AlertTriangle, CreditCard, RefreshCw, ShieldCheck, type LucideIcon } from 'lucide-react'
import { DEFAULT_PLAN_ID, planById, planForPriceId, TRIAL_DAYS } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { billingConfigQuery, checkoutQuery } from '../api/billing.ts'
import { errorMessage } from '../api/client.ts'
import { CouponSection, type AppliedCoupon } from '../components/billing/CouponSection.tsx'
import { PaymentForm } from '../components/billing/PaymentForm.tsx'
import { stripeJsQuery } from '../components/billing/stripe.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { Badge } from '../components/ui/Badge.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { Spinner } from '../components/ui/Spinner.tsx'
import { browser, SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const DEFAULT_PRICE_ID = planById(DEFAULT_PLAN_ID).priceIds.monthly

/** Sign in, then come back to this plan's checkout (spec section 2). */
export const subscribeLoginUrl = (plan: string) =>
  `${SUPERVISOR_LOGIN_URL}?returnTo=${encodeURIComponent(`/subscribe?plan=${plan}`)}`

function BackToPricing() {
  const { t } = useTranslation('supervisor')
  return (
    <LinkButton to="/pricing" variant="outline" size="lg" className="w-full sm:w-auto">
      {t('paymentSuccess.backToPricing')}
    </LinkButton>
  )
}

/** Why there is no checkout: the page's one card, under the checkout's tab title. */
function Notice({
  icon,
  iconClassName,
  title,
  children,
}: {
  icon: LucideIcon
  iconClassName: string
  title: string
  children: ReactNode
}) {
  const { t } = useTranslation('supervisor')
  return (
    <CenteredCard
      icon={icon}
      iconClassName={iconClassName}
      title={title}
      documentTitle={t('subscribe.title')}
      className="max-w-lg text-center"
      headingClassName="text-xl"
    >
      {children}
    </CenteredCard>
  )
}

/** Spec section 2: setting up checkout failed. */
function SetupFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('supervisor')
  const detail = errorMessage(error, '')
  return (
    <Notice icon={AlertTriangle} iconClassName="text-red-600" title={t('subscribe.failedTitle')}>
      <p className="text-sm text-slate-700">{t('subscribe.failed')}</p>
      {detail ? <p className="text-sm text-slate-500">{detail}</p> : null}
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <BackToPricing />
        <Button variant="ghost" size="lg" onClick={onRetry}>
          <RefreshCw aria-hidden /> {t('subscribe.tryAgain')}
        </Button>
      </div>
    </Notice>
  )
}

/** DESIGN.md section 2: without Stripe keys there is no checkout, and the page says so plainly. */
function BillingNotConfigured() {
  const { t } = useTranslation('supervisor')
  return (
    <Notice icon={CreditCard} iconClassName="text-slate-500" title={t('subscribe.notConfiguredTitle')}>
      <p className="text-sm font-medium text-slate-800">{t('subscribe.notConfigured')}</p>
      <p className="text-sm text-slate-700">{t('subscribe.notConfiguredText', { days: TRIAL_DAYS })}</p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <BackToPricing />
        <LinkButton to="/" variant="ghost" size="lg">
          {t('paymentSuccess.dashboard')}
        </LinkButton>
      </div>
    </Notice>
  )
}

/** Checkout for a plan (spec section 2): /subscribe?plan={priceId}, signed-in supervisors. */
export function SubscribePage() {
  const { t } = useTranslation('supervisor')
  const [params] = useSearchParams()
  const requested = params.get('plan') || DEFAULT_PRICE_ID
  // An unknown identifier is shown, and bought, as Professional (spec section 5).
  const { plan, period } = planForPriceId(requested)
  const priceId = plan.priceIds[period]
  const planName = t('subscribe.planName', { name: plan.name })

  const { user, isLoading: authLoading } = useAuth()
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null)
  const [couponChanged, setCouponChanged] = useState(false)

  const config = useQuery({ ...billingConfigQuery, enabled: user !== null })
  const publishableKey = config.data?.publishableKey ?? null
  const checkout = useQuery({ ...checkoutQuery(priceId, coupon?.code ?? null), enabled: publishableKey !== null })
  const stripeJs = useQuery({ ...stripeJsQuery(publishableKey ?? ''), enabled: publishableKey !== null })

  const mustSignIn = (!authLoading && user === null) || checkout.data?.kind === 'signInRequired'
  useEffect(() => {
    if (mustSignIn) browser.navigate(subscribeLoginUrl(requested))
  }, [mustSignIn, requested])

  if (mustSignIn) return <PageLoading label={t('subscribe.toSignIn')} />
  if (authLoading || config.isPending) return <PageLoading label={t('subscribe.settingUp')} />
  if (config.isError) return <SetupFailed error={config.error} onRetry={() => void config.refetch()} />
  if (publishableKey === null || checkout.data?.kind === 'billingNotConfigured') return <BillingNotConfigured />
  if (checkout.isError) return <SetupFailed error={checkout.error} onRetry={() => void checkout.refetch()} />
  if (checkout.isPending && !couponChanged) return <PageLoading label={t('subscribe.settingUp')} />

  const changeCoupon = (next: AppliedCoupon | null) => {
    setCoupon(next)
    setCouponChanged(true)
  }
  const price =
    period === 'monthly'
      ? t('subscribe.perMonth', { price: `$${plan.monthlyPrice}` })
      : t('subscribe.perYear', { price: `$${plan.yearlyPrice}` })
  const ready = checkout.data?.kind === 'ready' ? checkout.data : null

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <DocumentTitle title={t('subscribe.title')} />
      <header className="space-y-3 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('subscribe.heading')}</h1>
        <Badge variant="success" className="text-sm">
          {t('subscribe.trialIncluded', { days: TRIAL_DAYS })}
        </Badge>
      </header>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-indigo-600" aria-hidden />
            {t('subscribe.subscribeTo', { plan: planName })}
          </CardTitle>
          <CardDescription>
            {t('subscribe.billedAfter', { price, description: planTexts(t, plan.id).description })}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <CouponSection applied={coupon} onApply={changeCoupon} onRemove={() => changeCoupon(null)} />
          {stripeJs.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('subscribe.cardFormError')}
            </p>
          ) : ready ? (
            <>
              {stripeJs.isPending ? <LoadingState label={t('subscribe.cardFormLoading')} /> : null}
              <PaymentForm stripe={stripeJs.data ?? null} checkout={ready} />
            </>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> {t('subscribe.updating')}
            </p>
          )}
          <div className="flex justify-center">
            <BackToPricing />
          </div>
          <p className="flex gap-2 text-xs text-slate-600">
            <ShieldCheck className="size-4 shrink-0 text-slate-500" aria-hidden />
            <span>{t('subscribe.terms', { days: TRIAL_DAYS })}</span>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
