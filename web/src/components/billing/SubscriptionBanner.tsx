import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle, CheckCircle2, Clock, Gift, type LucideIcon } from 'lucide-react'
import { bannerState, planById, TRIAL_DAYS, type User } from '@app/core'
import { useStartTrial, useSubscriptionStatus } from '../../api/billing.ts'
import { cn } from '../../lib/cn.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { LinkButton, type LinkButtonProps } from '../ui/LinkButton.tsx'

const tones = {
  amber: { section: 'border-amber-200 bg-amber-50 text-amber-950', icon: 'text-amber-700' },
  blue: { section: 'border-blue-200 bg-blue-50 text-blue-950', icon: 'text-blue-700' },
  green: { section: 'border-green-200 bg-green-50 text-green-950', icon: 'text-green-700' },
  red: { section: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-700' },
}

/** The banner's strip: an icon, the text, and an action; `alert` for the state that needs attention. */
function Banner({
  tone,
  icon: Icon,
  alert,
  action,
  children,
}: {
  tone: keyof typeof tones
  icon: LucideIcon
  alert?: boolean
  action: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation('supervisor')
  return (
    <section aria-label={t('billing.banner.label')} className={cn('border-b', tones[tone].section)}>
      <div
        className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center"
        role={alert ? 'alert' : undefined}
      >
        <Icon className={cn('size-5 shrink-0', tones[tone].icon)} aria-hidden />
        {children}
        {action}
      </div>
    </section>
  )
}

/** A banner's way to Pricing: upgrade, manage, or update the payment. */
const PricingLink = (props: Pick<LinkButtonProps, 'variant' | 'className' | 'children'>) => (
  <LinkButton to="/pricing" size="sm" {...props} />
)

function StartTrialButton() {
  const { t } = useTranslation('supervisor')
  const startTrial = useStartTrial()
  const start = () =>
    startTrial.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t('billing.banner.trialStartedTitle'),
          description: t('billing.banner.trialStarted', { days: TRIAL_DAYS }),
        }),
      onError: (error) => toastFailure(t('billing.banner.trialFailedTitle'), error, t('billing.banner.trialFailed')),
    })
  return (
    <Button size="sm" className="bg-amber-600 hover:bg-amber-700" disabled={startTrial.isPending} onClick={start}>
      {startTrial.isPending ? t('billing.banner.starting') : t('billing.banner.start')}
    </Button>
  )
}

/**
 * Spec section 4: the supervisor's trial or subscription, under the header of every signed-in
 * page. Nothing is shown to other roles, while the status loads, or when it could not be read.
 */
export function SubscriptionBanner({ user, now }: { user: User; now?: Date }) {
  const { t } = useTranslation('supervisor')
  const isSupervisor = user.role === 'supervisor'
  const status = useSubscriptionStatus({ enabled: isSupervisor })
  if (!isSupervisor || !status.data) return null
  const state = bannerState(status.data, now)
  const nextBilling = state.kind === 'active' && state.nextBilling ? formatDate(state.nextBilling, 'long') : null

  if (state.kind === 'none') {
    return (
      <Banner tone="amber" icon={Gift} action={<StartTrialButton />}>
        <p className="flex-1">
          <span className="font-semibold">{t('billing.banner.tryFree', { days: TRIAL_DAYS })}</span>{' '}
          {t('billing.banner.startYourTrial', { days: TRIAL_DAYS })}
        </p>
      </Banner>
    )
  }

  if (state.kind === 'trialing') {
    const upgrade = <PricingLink className="bg-blue-700 hover:bg-blue-800">{t('billing.banner.upgrade')}</PricingLink>
    return (
      <Banner tone="blue" icon={Clock} action={upgrade}>
        <p className="flex flex-1 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{t('billing.banner.trialActive')}</span>
          <span data-testid="trial-days-left">{t('billing.banner.daysLeft', { count: state.daysLeft })}</span>
        </p>
      </Banner>
    )
  }

  if (state.kind === 'active') {
    const manage = (
      <PricingLink variant="outline" className="border-green-300">
        {t('billing.banner.manage')}
      </PricingLink>
    )
    return (
      <Banner tone="green" icon={CheckCircle2} action={manage}>
        <p className="flex flex-1 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{t('billing.banner.active')}</span>
          <span>{t('billing.banner.plan', { name: planById(status.data.plan).name })}</span>
          {nextBilling ? <span>{t('billing.banner.nextBilling', { date: nextBilling })}</span> : null}
        </p>
      </Banner>
    )
  }

  return (
    <Banner
      tone="red"
      icon={AlertTriangle}
      alert
      action={<PricingLink variant="destructive">{t('billing.banner.updatePayment')}</PricingLink>}
    >
      <p className="flex-1 font-medium">{t('billing.banner.required')}</p>
    </Banner>
  )
}
