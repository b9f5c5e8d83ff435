import { Link, useSearchParams } from 'react-router-dom'
import { AlertTriangle, Building2, CheckCircle2, Clock, LayoutDashboard, Mail, Settings, UserPlus } from 'lucide-react'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { Badge } from '../components/ui/Badge.tsx'
import { Card, CardContent, CardHeader } from '../components/ui/Card.tsx'
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../lib/product.ts'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const nextSteps = [
  {
    icon: Building2,
    title: 'Set up your organization',
    text: 'Add your organization’s name and logo so your team knows they are in the right place.',
  },
  {
    icon: UserPlus,
    title: 'Add your employees',
    text: 'Add staff and volunteers; each gets a username and password for the staff login.',
  },
  {
    icon: Clock,
    title: 'Start tracking time',
    text: 'Your team enters their weekly hours, and you approve them with one click.',
  },
]

/** Stripe sends a card that needed a bank's check back here with its result; a failed one is no success. */
function PaymentNotCompleted() {
  return (
    <CenteredCard
      icon={AlertTriangle}
      title="Payment Not Completed"
      className="max-w-lg"
      iconClassName="text-red-600"
      headingClassName="text-xl"
    >
      <p className="text-sm text-slate-700">
        Your card could not be confirmed, so your subscription has not started. Nothing was charged.
      </p>
      <LinkButton to="/pricing" size="lg">
        Back to Pricing
      </LinkButton>
    </CenteredCard>
  )
}

/** After checkout (spec section 2): welcome, what comes next, and where to get help. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams()
  if (params.get('redirect_status') === 'failed') return <PaymentNotCompleted />

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <DocumentTitle title="Welcome" />
      <header className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-14 text-green-600" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to {PRODUCT_NAME}!</h1>
        <Badge variant="success" className="text-sm">
          Subscription Active
        </Badge>
        <p className="max-w-prose text-slate-700">
          Thank you for subscribing. You now have full access to employee management, timesheet approvals and advanced
          reporting.
        </p>
      </header>

      <Card>
        <CardHeader>
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            Next steps
          </h2>
        </CardHeader>
        <CardContent>
          <ol aria-labelledby="next-steps" className="space-y-4">
            {nextSteps.map((step, i) => (
              <li key={step.title} className="flex gap-3">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="flex items-center gap-2 font-medium text-slate-900">
                    <step.icon className="size-4 text-indigo-600" aria-hidden />
                    {step.title}
                  </h3>
                  <p className="text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <LinkButton to="/" icon={LayoutDashboard} size="lg">
          Go to Dashboard
        </LinkButton>
        <LinkButton to="/employees" icon={UserPlus} size="lg" variant="outline">
          Add Employees
        </LinkButton>
        <LinkButton to="/settings" icon={Settings} size="lg" variant="outline">
          Organization Settings
        </LinkButton>
      </div>

      <div className="space-y-2 text-center text-sm text-slate-600">
        <p>
          New to signing in? Read the{' '}
          <Link to="/auth-guide" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            sign-in guide
          </Link>
          .
        </p>
        <p className="flex items-center justify-center gap-1">
          <Mail className="size-4" aria-hidden />
          Questions? Write to{' '}
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
