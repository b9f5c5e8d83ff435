import { useId, useState, type ReactNode } from 'react'
import { CloudOff } from 'lucide-react'
import {
  breakField,
  dateOfDay,
  dayLabel,
  daysOf,
  daysOfWeekStarting,
  formatHours,
  weekTotalHours,
  type DecidedTimesheet,
  type ListedTimesheet,
  type TimesheetComment,
} from '@app/core'
import { employeeName, formatBreakMinutes, formatDate } from '../../lib/format.ts'
import { useUpdateTimesheetStatus, type Decision } from '../../api/timesheets.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { UserAvatar } from '../UserAvatar.tsx'
import { TimesheetTimeline } from '../audit/TimesheetTimeline.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { PayrollFigures } from '../payroll/PayrollFigures.tsx'

export type ReviewMode = 'view' | 'approve' | 'reject'

export interface ReviewTarget {
  timesheet: ListedTimesheet
  mode: ReviewMode
}

export const REVIEW_MESSAGES = {
  approved: 'Timesheet approved! CSV file is ready for download.',
  rejected: 'Timesheet declined. Employee will be notified via email.',
  failed: 'Failed to update timesheet status',
} as const

export interface ReviewDialogProps {
  target: ReviewTarget | null
  onClose: () => void
  /** After a successful decision, with the server's answer (csvDownloadUrl on approval). */
  onDecided?: (result: DecidedTimesheet, decision: Decision, timesheet: ListedTimesheet) => void
  /** The organization's zone, in which submission and comment times are shown (the browser's without one). */
  timeZone?: string
}

/**
 * The dashboard's review dialog (spec section 2): the whole week in the order it began, notes and
 * earlier decisions; supervisors approve, decline or reject from here.
 */
export function ReviewDialog({ target, onClose, onDecided, timeZone }: ReviewDialogProps) {
  // The mutation lives here, not in the content, so its outcome is reported even as the content unmounts.
  const update = useUpdateTimesheetStatus()
  const busy = update.isPending

  const decide = (timesheet: ListedTimesheet, status: Decision, comments: string) =>
    update.mutate(
      { id: timesheet.id, status, comments },
      {
        onSuccess: (result) => {
          toast({ title: 'Success', description: REVIEW_MESSAGES[status] })
          onDecided?.(result, status, timesheet)
          onClose()
        },
        onError: (error) => toastFailure('Error', error, REVIEW_MESSAGES.failed),
      },
    )

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {target ? (
        <ReviewContent
          key={`${target.timesheet.id}-${target.mode}`}
          target={target}
          timeZone={timeZone}
          busy={busy}
          deciding={busy ? (update.variables?.status ?? null) : null}
          onCancel={onClose}
          onDecide={(status, comments) => decide(target.timesheet, status, comments)}
        />
      ) : null}
    </Dialog>
  )
}

interface ReviewContentProps {
  target: ReviewTarget
  timeZone: string | undefined
  busy: boolean
  deciding: Decision | null
  onCancel: () => void
  onDecide: (status: Decision, comments: string) => void
}

function ReviewContent({ target, timeZone, busy, deciding, onCancel, onDecide }: ReviewContentProps) {
  const { timesheet: t, mode } = target
  const [comments, setComments] = useState('')
  const commentsId = useId()
  const decide = (status: Decision) => onDecide(status, comments.trim())

  const name = employeeName(t.employee)
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeading title={mode === 'view' ? 'View Timesheet Submission' : 'Review Timesheet Submission'}>
        {mode === 'view'
          ? `${name}'s timesheet for the week of ${formatDate(t.weekStartDate)}.`
          : mode === 'approve'
            ? 'Check the hours, then approve the timesheet or decline it with a comment.'
            : 'Tell the employee what to change; they can edit the week and submit it again.'}
      </DialogHeading>

      <div className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Employee">
            <span className="flex items-center gap-3">
              {t.employee ? <UserAvatar user={t.employee} className="size-8" /> : null}
              <span className="min-w-0">
                <span className="block font-medium break-words">{name}</span>
                {t.employee?.department ? (
                  <span className="block text-sm text-slate-600">{t.employee.department}</span>
                ) : null}
              </span>
            </span>
          </Field>
          <Field label="Week Starting">{formatDate(t.weekStartDate)}</Field>
          <Field label="Submitted">{formatDate(t.submittedAt, 'medium', 'Not submitted', timeZone)}</Field>
          <Field label="Status">
            <TimesheetStatusBadge status={t.status} />
          </Field>
        </dl>

        {t.enteredOffline ? <EnteredOfflineNote /> : null}

        <section aria-labelledby={`${commentsId}-schedule`} className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`${commentsId}-schedule`} className="font-semibold text-slate-900">
              Weekly Schedule
            </h3>
            <p className="text-sm text-slate-700">
              Total: <span className="font-semibold">{formatHours(weekTotalHours(t))}</span>
            </p>
          </div>
          <PayrollFigures payroll={t.payroll} />
          <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {daysOf(t, daysOfWeekStarting(t.weekStartDate)).map((d) => (
              <li key={d.day} className="space-y-1 p-3" data-testid={`day-${d.day}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-medium text-slate-900">
                    {dayLabel[d.day]}{' '}
                    <span className="text-sm font-normal text-slate-500">
                      {formatDate(dateOfDay(t.weekStartDate, d.day))}
                    </span>
                  </p>
                  {d.start || d.end ? (
                    <p className="text-sm text-slate-800">
                      {d.start || '--:--'} - {d.end || '--:--'}{' '}
                      <span className="text-slate-500">
                        ({formatHours(d.hours)}
                        {t[breakField(d.day)] > 0 ? `, ${formatBreakMinutes(t[breakField(d.day)])} break` : ''})
                      </span>
                    </p>
                  ) : (
                    <p className="text-sm text-slate-500 italic">No hours logged</p>
                  )}
                </div>
                {d.activity ? (
                  <div className="text-sm">
                    <p className="font-medium text-slate-600">Daily Activity</p>
                    <p className="break-words whitespace-pre-wrap text-slate-800">{d.activity}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </section>

        <section className="space-y-1">
          <h3 className="font-semibold text-slate-900">Notes</h3>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{t.notes || 'No notes'}</p>
        </section>

        <PreviousComments history={t.commentHistory} legacy={t.comments} timeZone={timeZone} />

        <TimesheetTimeline timesheetId={t.id} version={t.version} />

        {mode === 'view' ? null : (
          <div className="space-y-2">
            <Label htmlFor={commentsId}>Comments</Label>
            <Textarea
              id={commentsId}
              rows={3}
              placeholder="Add comments for the employee..."
              value={comments}
              maxLength={2000}
              disabled={busy}
              onChange={(e) => setComments(e.target.value)}
            />
          </div>
        )}
      </div>

      <DialogFooter>
        {mode === 'view' ? (
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        ) : (
          <>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            {mode === 'approve' ? (
              <>
                <Button variant="destructive" onClick={() => decide('rejected')} disabled={busy}>
                  {deciding === 'rejected' ? <Spinner /> : null}
                  {deciding === 'rejected' ? 'Declining...' : 'Decline'}
                </Button>
                <Button variant="success" onClick={() => decide('approved')} disabled={busy}>
                  {deciding === 'approved' ? <Spinner /> : null}
                  {deciding === 'approved' ? 'Approving...' : 'Approve'}
                </Button>
              </>
            ) : (
              <Button variant="destructive" onClick={() => decide('rejected')} disabled={busy}>
                {deciding === 'rejected' ? <Spinner /> : null}
                {deciding === 'rejected' ? 'Rejecting...' : 'Reject'}
              </Button>
            )}
          </>
        )}
      </DialogFooter>
    </DialogContent>
  )
}

/** Some times came from the employee's phone while it was offline, by its own clock, and were synced later. */
export const ENTERED_OFFLINE_NOTE =
  'Some of these times were entered offline on the employee’s device (its own clock) and synced later.'

function EnteredOfflineNote() {
  return (
    <p className="flex gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{ENTERED_OFFLINE_NOTE}</span>
    </p>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

/** Earlier decisions, oldest first: who, when, what, and their comment. */
function PreviousComments({
  history,
  legacy,
  timeZone,
}: {
  history: TimesheetComment[]
  legacy: string | null
  timeZone: string | undefined
}) {
  if (history.length === 0 && !legacy) return null
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">Previous Comments</h3>
      {history.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">{legacy}</p>
      ) : (
        <ul className="space-y-2">
          {history.map((c) => (
            <li key={`${c.at}-${c.byUserId}`} className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-slate-900">{c.byName}</span>
                <time dateTime={c.at} className="text-slate-500">
                  {formatDate(c.at, 'dateTime', '-', timeZone)}
                </time>
                <TimesheetStatusBadge status={c.status} />
              </div>
              <p className="break-words whitespace-pre-wrap text-slate-800">{c.comment || 'No comment'}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
