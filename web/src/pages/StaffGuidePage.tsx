import { CalendarCheck, Clock, KeyRound, ListChecks, LogIn, Send } from 'lucide-react'
import { FeatureCard } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const topics = [
  {
    icon: Send,
    title: 'Submit weekly timesheets',
    text: 'Fill in each day of the week, save your progress as often as you like, and submit the week for approval when it is done.',
  },
  {
    icon: Clock,
    title: 'Track your time',
    text: 'Enter start and end times yourself, or use Clock In and Clock Out as you work. A shift past midnight counts into the next day.',
  },
  {
    icon: ListChecks,
    title: 'See your status',
    text: 'Your dashboard shows every week you submitted and whether it is pending review, approved or declined, with your supervisor’s comments.',
  },
]

const steps = [
  {
    icon: KeyRound,
    title: 'Get your credentials',
    text: 'Your supervisor adds you and gives you a username and password.',
  },
  { icon: LogIn, title: 'Use Staff Login', text: 'Open the Staff Login page and sign in with those credentials.' },
  {
    icon: CalendarCheck,
    title: 'Start tracking',
    text: 'Open this week’s timesheet from your dashboard and record your hours.',
  },
]

export function StaffGuidePage() {
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-12">
      <DocumentTitle title="Staff guide" />
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Staff guide</h1>
        <p className="mt-2 text-slate-600">
          Everything staff members and volunteers need to record their hours and send them to their supervisor.
        </p>
      </header>

      <ul className="grid gap-4 md:grid-cols-3">
        {topics.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <FeatureCard icon={Icon} title={title} text={text} iconClassName="size-7" titleClassName="text-base" />
          </li>
        ))}
      </ul>

      <section aria-labelledby="getting-started">
        <h2 id="getting-started" className="text-xl font-semibold text-slate-900">
          Getting started in three steps
        </h2>
        <ol className="mt-4 space-y-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
                aria-hidden
              >
                {i + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {title}
                  <Icon className="size-4 text-slate-500" aria-hidden />
                </h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row">
        <LinkButton to="/staff-login" size="lg">
          Staff Login
        </LinkButton>
        <LinkButton href={SUPERVISOR_LOGIN_URL} size="lg" variant="outline">
          Supervisor Login
        </LinkButton>
      </div>
    </div>
  )
}
