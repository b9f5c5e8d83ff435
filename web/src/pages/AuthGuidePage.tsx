import { ArrowLeft, LogIn, ShieldCheck, UserPlus, Users } from 'lucide-react'
import { IconCard } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const faq = [
  {
    q: 'Do I need to create an account before signing in?',
    a: 'No. Your account is created automatically the first time you sign in.',
  },
  {
    q: 'Who becomes the supervisor?',
    a: 'The first person to sign in for an organization becomes its supervisor and can then add everyone else.',
  },
  {
    q: 'How do staff members and volunteers sign in?',
    a: 'A supervisor adds them and receives a username and password for each. They sign in on the Staff Login page with those credentials.',
  },
  {
    q: 'What if a staff member forgets their password?',
    a: 'They should contact their supervisor, who manages staff access on the Employees page.',
  },
  {
    q: 'Do I need a card to try it?',
    a: 'No. Every organization starts with a 14-day free trial that needs no card.',
  },
]

export function AuthGuidePage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <DocumentTitle title="How signing in works" />
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">How signing in works</h1>
        <p className="mt-2 text-slate-600">
          Supervisors sign in with their existing account through our identity provider. Staff members and volunteers
          sign in with the username and password their supervisor gives them.
        </p>
      </header>

      <IconCard icon={LogIn} title="Signing in" contentClassName="space-y-3 text-sm text-slate-700">
        <p>
          Choose Supervisor Login and sign in with your account. There is no separate sign-up form: your account is
          created automatically on your first sign-in.
        </p>
        <p>
          If you are the first person from your organization to sign in, a new organization is created for you and you
          become its supervisor.
        </p>
        <LinkButton href={SUPERVISOR_LOGIN_URL}>Supervisor Login</LinkButton>
      </IconCard>

      <IconCard icon={ShieldCheck} title="Account types">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="rounded-md bg-slate-50 p-4">
            <dt className="font-semibold text-slate-900">Supervisor</dt>
            <dd className="mt-1 text-slate-700">
              Approves or declines timesheets, adds and removes members, brands the organization, sees reports and
              manages the subscription.
            </dd>
          </div>
          <div className="rounded-md bg-slate-50 p-4">
            <dt className="font-semibold text-slate-900">Employee</dt>
            <dd className="mt-1 text-slate-700">
              Enters start and end times and what they did each day, submits the week, and sees whether it was approved.
              Volunteers work the same way.
            </dd>
          </div>
        </dl>
      </IconCard>

      <IconCard icon={UserPlus} title="Adding employees" contentClassName="space-y-2 text-sm text-slate-700">
        <p>
          As a supervisor, open Employees and choose Add Member. Enter the person's name, email, department and role. A
          username and password are generated for them and shown to you once: pass them on, and they sign in on the
          Staff Login page.
        </p>
      </IconCard>

      <IconCard icon={Users} title="Frequently asked questions">
        <dl className="space-y-4 text-sm">
          {faq.map(({ q, a }) => (
            <div key={q}>
              <dt className="font-semibold text-slate-900">{q}</dt>
              <dd className="mt-1 text-slate-700">{a}</dd>
            </div>
          ))}
        </dl>
      </IconCard>

      <LinkButton to="/" icon={ArrowLeft} variant="outline">
        Back to Home
      </LinkButton>
    </div>
  )
}
