import type { ReactNode } from 'react'
import { AlertTriangle, CheckCircle2, Clock, Gift, type LucideIcon } from 'lucide-react'
import { bannerState, planById, TRIAL_DAYS, type User } from '@app/core'
import { useStartTrial, useSubscriptionStatus } from '../../api/billing.ts'
import { errorMessage } from '../../api/client.ts'
import { cn } from '../../lib/cn.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'

const daysLeftText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`)

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
  return (
    <section aria-label="Subscription" className={cn('border-b', tones[tone].section)}>
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

function StartTrialButton() {
  const startTrial = useStartTrial()
  const start = () =>
    startTrial.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Trial Started!',
          description: `Your ${TRIAL_DAYS}-day free trial is now active. Enjoy full access to all features.`,
        }),
      onError: (error) =>
        toast({
          title: 'Trial Setup Failed',
          description: errorMessage(error, 'Could not start the free trial. Please try again.'),
          variant: 'destructive',
        }),
    })
  return (
    <Button size="sm" className="bg-amber-600 hover:bg-amber-700" disabled={startTrial.isPending} onClick={start}>
      {startTrial.isPending ? 'Starting...' : 'Start Trial'}
    </Button>
  )
}

/**
 * Spec section 4: the supervisor's trial or subscription, under the header of every signed-in
 * page. Nothing is shown to other roles, while the status loads, or when it could not be read.
 */
export function SubscriptionBanner({ user, now }: { user: User; now?: Date }) {
  const isSupervisor = user.role === 'supervisor'
  const status = useSubscriptionStatus({ enabled: isSupervisor })
  // While the status loads, the banner's space is held, so the page under it does not move when it comes.
  if (isSupervisor && status.isPending) return <div aria-hidden className="min-h-[125px] border-b sm:min-h-[61px]" />
  if (!isSupervisor || !status.data) return null
  const state = bannerState(status.data, now)

  if (state.kind === 'none') {
    return (
      <Banner tone="amber" icon={Gift} action={<StartTrialButton />}>
        <p className="flex-1">
          <span className="font-semibold">Try every feature free for {TRIAL_DAYS} days.</span> Start your {TRIAL_DAYS}
          -day free trial: no card needed.
        </p>
      </Banner>
    )
  }

  if (state.kind === 'trialing') {
    return (
      <Banner
        tone="blue"
        icon={Clock}
        action={
          <LinkButton to="/pricing" size="sm" className="bg-blue-700 hover:bg-blue-800">
            Upgrade Now
          </LinkButton>
        }
      >
        <p className="flex flex-1 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">Free Trial Active</span>
          <span data-testid="trial-days-left">{daysLeftText(state.daysLeft)}</span>
        </p>
      </Banner>
    )
  }

  if (state.kind === 'active') {
    return (
      <Banner
        tone="green"
        icon={CheckCircle2}
        action={
          <LinkButton to="/pricing" size="sm" variant="outline" className="border-green-300">
            Manage
          </LinkButton>
        }
      >
        <p className="flex flex-1 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">Subscription Active</span>
          <span>{planById(status.data.plan).name} plan</span>
          {state.nextBilling ? <span>Next billing date: {formatDate(state.nextBilling, 'long')}</span> : null}
        </p>
      </Banner>
    )
  }

  return (
    <Banner
      tone="red"
      icon={AlertTriangle}
      alert
      action={
        <LinkButton to="/pricing" size="sm" variant="destructive">
          Update Payment
        </LinkButton>
      }
    >
      <p className="flex-1 font-medium">Subscription Required: Please update your payment information to continue</p>
    </Banner>
  )
}
