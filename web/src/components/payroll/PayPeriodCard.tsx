import { useState, type ReactNode } from 'react'
import { Lock, LockOpen } from 'lucide-react'
import { fullName, type PayPeriod, type Person } from '@app/core'
import { errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { peopleOfError, useClosePeriod } from '../../api/payroll.ts'
import { formatBreakMinutes, formatDate, formatPayrollHours } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card.tsx'
import { PeopleAlert } from './PeopleAlert.tsx'
import { PeriodExports } from './PeriodExports.tsx'
import { periodTitle } from './period-title.ts'
import { ReopenPeriodDialog } from './ReopenPeriodDialog.tsx'

const names = (people: readonly Person[]) => people.map(fullName).join(', ')

/** One pay period: its status, its figures, who holds it up, Close or Reopen, and its exports. */
export function PayPeriodCard({ period }: { period: PayPeriod }) {
  const close = useClosePeriod()
  const [reopening, setReopening] = useState(false)
  const title = periodTitle(period)
  const titleId = `period-${period.start}`
  const closed = period.status === 'closed'

  const onClose = () =>
    close.mutate(period.start, {
      onSuccess: () =>
        toast({ title: 'Pay Period Closed', description: `${title} is closed; its timesheets are locked.` }),
    })
  // A refusal is said in the card, with the people it names (409: whose timesheets are not approved).
  const closeError = close.error && !isUnauthorizedError(close.error) ? close.error : null

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId} className="text-base sm:text-lg">
            {title}
          </CardTitle>
          {closed ? (
            <Badge variant="secondary">
              <Lock className="mr-1 size-3" aria-hidden /> Closed
            </Badge>
          ) : (
            <Badge variant="success">Open</Badge>
          )}
        </div>
        {closed && period.closedAt ? (
          <p className="text-sm text-slate-600">
            Closed {formatDate(period.closedAt, 'dateTime')}
            {period.closedBy ? ` by ${fullName(period.closedBy)}` : ''}
          </p>
        ) : null}
        {!closed && period.reopenedReason ? (
          <p className="text-sm break-words text-slate-600">Reopened: {period.reopenedReason}</p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Figure label="Approved hours">{formatPayrollHours(period.approvedHours)}</Figure>
          <Figure label="Regular hours">{formatPayrollHours(period.regularHours)}</Figure>
          <Figure label="Overtime hours">{formatPayrollHours(period.overtimeHours)}</Figure>
          <Figure label="Double time hours">{formatPayrollHours(period.doubleTimeHours)}</Figure>
          <Figure label="Breaks">{formatBreakMinutes(period.breakMinutes)}</Figure>
        </dl>

        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <People label="Not submitted" people={period.notSubmitted} none="Everyone has submitted." />
          <People label="Pending approval" people={period.pending} none="Nothing is waiting for approval." />
        </dl>

        {closeError ? (
          <PeopleAlert
            message={errorMessage(closeError, 'Failed to close the pay period')}
            people={peopleOfError(closeError)}
          />
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row">
          {closed ? (
            <Button variant="outline" onClick={() => setReopening(true)}>
              <LockOpen aria-hidden /> Reopen
            </Button>
          ) : (
            <Button onClick={onClose} disabled={close.isPending} busy={close.isPending} busyLabel="Closing...">
              <Lock aria-hidden /> Close period
            </Button>
          )}
        </div>

        <PeriodExports period={period} />
      </CardContent>
      <ReopenPeriodDialog period={reopening ? period : null} onClose={() => setReopening(false)} />
    </Card>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 p-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}

function People({ label, people, none }: { label: string; people: readonly Person[]; none: string }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">
        {label} ({people.length})
      </dt>
      <dd className={people.length ? 'break-words text-slate-900' : 'text-slate-500'}>
        {people.length ? names(people) : none}
      </dd>
    </div>
  )
}
