import { useTranslation } from 'react-i18next'
import { fullName, type PayPeriod } from '@app/core'
import { errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { earlyReasonsOf, peopleOfError, useClosePeriod } from '../../api/payroll.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { DialogActions, DialogContent, DialogHeading, dialogOf } from '../ui/Dialog.tsx'
import { PeopleAlert } from './PeopleAlert.tsx'
import { periodTitle } from './period-title.ts'
import { weekLine } from './UnapprovedWeeks.tsx'

/**
 * Closing a pay period, confirmed first: the dialog says what the close locks. A period that has
 * not ended, has weeks not submitted, or has declined or draft weeks, is closed only by an
 * explicit 'Close anyway' that names why (those weeks are then locked unpaid); timesheets still
 * waiting for a decision keep it open (the server's 409 names their people).
 */
function CloseForm({ item: period, onDone }: { item: PayPeriod; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const close = useClosePeriod()
  const title = periodTitle(period)
  const failure = close.error && !isUnauthorizedError(close.error) ? close.error : null
  const early = earlyReasonsOf(failure)
  // A refusal whose every blocker has a declined or draft week (none waits for a decision) can be overridden.
  const blockers = peopleOfError(failure)
  const unapproved = period.unapproved ?? []
  const unfinished =
    !early && blockers.length > 0 && blockers.every((b) => unapproved.some((w) => w.employeeId === b.employeeId))
      ? unapproved
      : null
  const anyway = early !== null || unfinished !== null

  const run = (closeAnyway: boolean) =>
    close.mutate(
      { start: period.start, closeAnyway },
      {
        onSuccess: () => {
          toast({ title: t('payroll.period.closedTitle'), description: t('payroll.period.closedToast', { title }) })
          onDone()
        },
      },
    )

  return (
    <DialogContent>
      <DialogHeading title={t('payroll.close.title')}>{t('payroll.close.intro', { title })}</DialogHeading>
      <div className="space-y-4">
        {early ? (
          <div
            role="alert"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{t('payroll.close.earlyTitle')}</p>
            <ul className="list-disc space-y-1 pl-5">
              {early.endsOn ? <li>{t('payroll.close.notEnded', { date: formatDate(early.endsOn) })}</li> : null}
              {early.notSubmitted.length ? (
                <li className="break-words">
                  {t('payroll.close.notSubmitted', { names: early.notSubmitted.map(fullName).join(', ') })}
                </li>
              ) : null}
            </ul>
          </div>
        ) : unfinished ? (
          <div
            role="alert"
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{t('payroll.close.unapprovedTitle')}</p>
            <ul className="list-disc space-y-1 pl-5">
              {unfinished.map((week) => (
                <li key={week.timesheetId} className="break-words">
                  {weekLine(t, week)}
                </li>
              ))}
            </ul>
          </div>
        ) : failure ? (
          <PeopleAlert
            message={errorMessage(failure, t('payroll.period.closeFailed'))}
            people={peopleOfError(failure)}
          />
        ) : null}
        <DialogActions
          pending={close.isPending}
          variant={anyway ? 'destructive' : undefined}
          label={anyway ? t('payroll.close.anyway') : t('payroll.period.close')}
          busyLabel={t('payroll.period.closing')}
          onClick={() => run(anyway)}
        />
      </div>
    </DialogContent>
  )
}

/** The dialog, open while it has a period (null: closed). */
export const ClosePeriodDialog = dialogOf(CloseForm, (p) => p.start)
