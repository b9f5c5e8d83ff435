import { useEffect, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, CreditCard, RefreshCw, ShieldCheck } from 'lucide-react'
import { DEFAULT_PLAN_ID, messages, planById, planForPriceId, TRIAL_DAYS } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { billingConfigQuery, checkoutQuery } from '../api/billing.ts'
import { errorMessage } from '../api/client.ts'
import { CouponSection, type AppliedCoupon } from '../components/billing/CouponSection.tsx'
import { PaymentForm } from '../components/billing/PaymentForm.tsx'
import { stripeJsQuery } from '../components/billing/stripe.ts'
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

const BackToPricing = () => (
  <LinkButton to="/pricing" variant="outline" size="lg" className="w-full sm:w-auto">
    Back to Pricing
  </LinkButton>
)

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12">
      <DocumentTitle title="Subscribe" />
      <Card className="w-full max-w-lg text-center">
        <CardHeader className="items-center">
          {icon}
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </div>
  )
}

/** Spec section 2: setting up checkout failed. */
function SetupFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = errorMessage(error, '')
  return (
    <Notice
      icon={<AlertTriangle className="size-10 text-red-600" aria-hidden />}
      title="Unable to Process Subscription"
    >
      <p className="text-sm text-slate-700">There was an issue setting up your subscription. Please try again.</p>
      {detail ? <p className="text-sm text-slate-500">{detail}</p> : null}
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <BackToPricing />
        <Button variant="ghost" size="lg" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try Again
        </Button>
      </div>
    </Notice>
  )
}

/** DESIGN.md section 2: without Stripe keys there is no checkout, and the page says so plainly. */
function BillingNotConfigured() {
  return (
    <Notice
      icon={<CreditCard className="size-10 text-slate-500" aria-hidden />}
      title="Online payment is not set up for this installation yet"
    >
      <p className="text-sm font-medium text-slate-800">{messages.billingNotConfigured}</p>
      <p className="text-sm text-slate-700">
        No card can be taken here yet, and nothing has been charged. Your {TRIAL_DAYS}-day free trial keeps working with
        every feature; ask the person who runs this installation to connect a payment account.
      </p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <BackToPricing />
        <LinkButton to="/" variant="ghost" size="lg">
          Go to Dashboard
        </LinkButton>
      </div>
    </Notice>
  )
}

/** Checkout for a plan (spec section 2): /subscribe?plan={priceId}, signed-in supervisors. */
export function SubscribePage() {
  const [params] = useSearchParams()
  const requested = params.get('plan') || DEFAULT_PRICE_ID
  // An unknown identifier is shown, and bought, as Professional (spec section 5).
  const { plan, period } = planForPriceId(requested)
  const priceId = plan.priceIds[period]
  const planName = `${plan.name} Plan`

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

  if (mustSignIn) return <PageLoading label="Taking you to sign in..." />
  if (authLoading || config.isPending) return <PageLoading label="Setting up your subscription..." />
  if (config.isError) return <SetupFailed error={config.error} onRetry={() => void config.refetch()} />
  if (publishableKey === null || checkout.data?.kind === 'billingNotConfigured') return <BillingNotConfigured />
  if (checkout.isError) return <SetupFailed error={checkout.error} onRetry={() => void checkout.refetch()} />
  if (checkout.isPending && !couponChanged) return <PageLoading label="Setting up your subscription..." />

  const changeCoupon = (next: AppliedCoupon | null) => {
    setCoupon(next)
    setCouponChanged(true)
  }
  const price = period === 'monthly' ? `$${plan.monthlyPrice}/month` : `$${plan.yearlyPrice}/year`
  const ready = checkout.data?.kind === 'ready' ? checkout.data : null

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:py-12">
      <DocumentTitle title="Subscribe" />
      <header className="space-y-3 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Complete Your Subscription</h1>
        <Badge variant="success" className="text-sm">
          {TRIAL_DAYS}-Day Free Trial Included
        </Badge>
      </header>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-indigo-600" aria-hidden />
            Subscribe to {planName}
          </CardTitle>
          <CardDescription>
            {price}, billed after your free trial. {plan.description}.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <CouponSection applied={coupon} onApply={changeCoupon} onRemove={() => changeCoupon(null)} />
          {stripeJs.isError ? (
            <p role="alert" className="text-sm text-red-700">
              The secure card form could not load. Check your connection and reload the page.
            </p>
          ) : ready ? (
            <>
              {stripeJs.isPending ? <LoadingState label="Loading the secure card form..." /> : null}
              <PaymentForm stripe={stripeJs.data ?? null} checkout={ready} />
            </>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> Updating your subscription...
            </p>
          )}
          <div className="flex justify-center">
            <BackToPricing />
          </div>
          <p className="flex gap-2 text-xs text-slate-600">
            <ShieldCheck className="size-4 shrink-0 text-slate-500" aria-hidden />
            <span>
              By subscribing, you agree to our Terms of Service and Privacy Policy. Your subscription starts after your{' '}
              {TRIAL_DAYS}-day free trial.
            </span>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
