import { BookOpen, CircleCheck, Clock, FileSpreadsheet, LayoutGrid, LogIn, PlayCircle, Tag } from 'lucide-react'
import { FeatureCard } from '../components/ui/IconCard.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { PRODUCT_NAME } from '../lib/product.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const features = [
  {
    icon: Clock,
    title: 'Simple time tracking for church teams',
    text: 'Paid staff and hourly workers enter a start time, an end time and what they did for each day of the week, from any phone or computer.',
  },
  {
    icon: CircleCheck,
    title: 'Supervisor approval with one-click email response',
    text: 'Supervisors approve or decline each weekly timesheet with one click, and the employee gets an email response when a week is declined.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Weekly exports for payroll',
    text: 'Every approved week becomes a CSV file, and a bulk report gathers the weeks your payroll clerk needs.',
  },
  {
    icon: LayoutGrid,
    title: 'Part of a larger ministry management suite',
    text: 'Timesheets are one piece of a wider set of tools for running a church office and its ministries.',
  },
]

export function LandingPage() {
  return (
    <>
      <DocumentTitle />
      <section className="mx-auto max-w-6xl px-4 pt-10 pb-8 text-center sm:pt-16">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          Weekly timesheets for churches and ministry teams
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
          {PRODUCT_NAME} lets staff and volunteers record their hours each week, supervisors approve them, and your
          office pay everyone on time. Start with a 14-day free trial; no card required.
        </p>
        <div className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center">
          <LinkButton href={SUPERVISOR_LOGIN_URL} icon={LogIn} size="lg">
            Supervisor Login
          </LinkButton>
          <LinkButton to="/staff-login" icon={LogIn} size="lg" variant="outline">
            Staff Login
          </LinkButton>
        </div>
        <div className="mx-auto mt-3 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center">
          <LinkButton to="/pricing" icon={Tag} variant="secondary">
            View Pricing Plans
          </LinkButton>
          <LinkButton href="/demo" icon={PlayCircle} variant="secondary">
            Demo
          </LinkButton>
          <LinkButton to="/staff-guide" icon={BookOpen} variant="secondary">
            Staff Guide
          </LinkButton>
        </div>
      </section>
      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <FeatureCard icon={Icon} title={title} text={text} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
