import { Link } from 'react-router-dom'
import { BookOpen, CircleCheck, Clock, FileSpreadsheet, LayoutGrid, LogIn, PlayCircle, Tag } from 'lucide-react'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { PRODUCT_NAME } from '../lib/product.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'

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
          <Button asChild size="lg">
            <a href={SUPERVISOR_LOGIN_URL}>
              <LogIn aria-hidden /> Supervisor Login
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/staff-login">
              <LogIn aria-hidden /> Staff Login
            </Link>
          </Button>
        </div>
        <div className="mx-auto mt-3 flex max-w-md flex-col gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center">
          <Button asChild variant="secondary">
            <Link to="/pricing">
              <Tag aria-hidden /> View Pricing Plans
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <a href="/demo">
              <PlayCircle aria-hidden /> Demo
            </a>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/staff-guide">
              <BookOpen aria-hidden /> Staff Guide
            </Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-8 text-indigo-600" aria-hidden />
                  <CardTitle className="mt-2">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
