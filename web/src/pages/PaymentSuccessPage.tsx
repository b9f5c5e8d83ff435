import { Link, useSearchParams } from 'react-router-dom'
import { AlertTriangle, Building2, CheckCircle2, Clock, LayoutDashboard, Mail, Settings, UserPlus } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { Badge } from '../components/ui/Badge.tsx'
import { Card, CardContent, CardHeader } from '../components/ui/Card.tsx'
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../lib/product.ts'
import { LinkButton, LinkButtonRow, type LinkButtonProps } from '../components/ui/LinkButton.tsx'
import { NumberedSteps } from '../components/ui/NumberedSteps.tsx'

/** What comes next, by its keys in the catalogue (paymentSuccess.steps.*). */
const nextSteps = [
  { icon: Building2, key: 'organization' },
  { icon: UserPlus, key: 'employees' },
  { icon: Clock, key: 'time' },
]

/** Stripe sends a card that needed a bank's check back here with its result; a failed one is no success. */
function PaymentNotCompleted() {
  const { t } = useTranslation('supervisor')
  return (
    <CenteredCard
      icon={AlertTriangle}
      title={t('paymentSuccess.notCompleted')}
      className="max-w-lg"
      iconClassName="text-red-600"
      headingClassName="text-xl"
    >
      <p className="text-sm text-slate-700">{t('paymentSuccess.notCompletedText')}</p>
      <LinkButton to="/pricing" size="lg">
        {t('paymentSuccess.backToPricing')}
      </LinkButton>
    </CenteredCard>
  )
}

/** After checkout (spec section 2): welcome, what comes next, and where to get help. */
export function PaymentSuccessPage() {
  const { t } = useTranslation('supervisor')
  const actions: LinkButtonProps[] = [
    { to: '/', icon: LayoutDashboard, size: 'lg', children: t('paymentSuccess.dashboard') },
    { to: '/employees', icon: UserPlus, size: 'lg', variant: 'outline', children: t('paymentSuccess.employees') },
    { to: '/settings', icon: Settings, size: 'lg', variant: 'outline', children: t('settings.title') },
  ]
  const [params] = useSearchParams()
  if (params.get('redirect_status') === 'failed') return <PaymentNotCompleted />

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <DocumentTitle title={t('paymentSuccess.title')} />
      <header className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-14 text-green-600" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('paymentSuccess.welcome', { product: PRODUCT_NAME })}
        </h1>
        <Badge variant="success" className="text-sm">
          {t('billing.banner.active')}
        </Badge>
        <p className="max-w-prose text-slate-700">{t('paymentSuccess.thanks')}</p>
      </header>

      <Card>
        <CardHeader>
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            {t('paymentSuccess.nextSteps')}
          </h2>
        </CardHeader>
        <CardContent>
          <NumberedSteps
            aria-labelledby="next-steps"
            className="space-y-4"
            steps={nextSteps}
            itemClassName="flex gap-3"
            badgeClassName="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800"
          >
            {(step) => (
              <>
                <h3 className="flex items-center gap-2 font-medium text-slate-900">
                  <step.icon className="size-4 text-indigo-600" aria-hidden />
                  {t(`paymentSuccess.steps.${step.key}.title`)}
                </h3>
                <p className="text-sm text-slate-600">{t(`paymentSuccess.steps.${step.key}.text`)}</p>
              </>
            )}
          </NumberedSteps>
        </CardContent>
      </Card>

      <LinkButtonRow className="flex flex-col gap-3 sm:flex-row sm:justify-center" links={actions} />

      <div className="space-y-2 text-center text-sm text-slate-600">
        <p>
          <Trans
            t={t}
            i18nKey="paymentSuccess.guide"
            components={{
              guide: (
                <Link to="/auth-guide" className="font-medium text-indigo-700 underline-offset-4 hover:underline" />
              ),
            }}
          />
        </p>
        <p className="flex items-center justify-center gap-1">
          <Mail className="size-4" aria-hidden />
          {t('paymentSuccess.questions')}{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-medium text-indigo-700 underline-offset-4 hover:underline"
          >
            {SUPPORT_EMAIL}
          </a>
        </p>
      </div>
    </div>
  )
}
