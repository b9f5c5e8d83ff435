import { useId, useRef, useState } from 'react'
import { CloudOff } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  allocationsField,
  breakField,
  dateOfDay,
  daysOf,
  daysOfWeekStarting,
  fullName,
  TEXT_LIMITS,
  weekEnd,
  weekTotalHours,
  type DecidedTimesheet,
  type ListedTimesheet,
  type TimesheetComment,
} from '@app/core'
import { employeeName, formatBreakMinutes, formatDate, formatHoursValue, formatList, zoneOr } from '../../lib/format.ts'
import { useUpdateTimesheetStatus, type Decision } from '../../api/timesheets.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { Button } from '../ui/Button.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import { UserAvatar } from '../UserAvatar.tsx'
import { TimesheetTimeline } from '../audit/TimesheetTimeline.tsx'
import { MemberWeekLeave } from '../time-off/WeekLeave.tsx'
import { useWeekLeave, WeekFlags } from './WeekFlags.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { spansText } from '../../lib/day-spans.ts'
import { PayrollFigures } from '../payroll/PayrollFigures.tsx'
import { DescriptionItem } from '../ui/DescriptionItem.tsx'
import { DaySplitSummary, WeekSplitSummary } from '../timesheet/SplitSummary.tsx'
import { MemberName } from '../ui/MemberName.tsx'
import { SendBackButton } from './SendBackDialog.tsx'

export type ReviewMode = 'view' | 'approve' | 'reject'

export interface ReviewTarget {
  timesheet: ListedTimesheet
  mode: ReviewMode
}

export interface ReviewDialogProps {
  target: ReviewTarget | null
  onClose: () => void
  /** After a successful decision, with the server's answer (csvDownloadUrl on approval). */
  onDecided?: (result: DecidedTimesheet, decision: Decision, timesheet: ListedTimesheet) => void
  /** The organization's zone, in which submission and comment times are shown (the browser's without one). */
  timeZone?: string
  /**
   * Offered in view mode beside Close when the one viewing may decide this timesheet:
   * switches the dialog to approve mode.
   */
  onReview?: () => void
  /**
   * Offered in view mode beside Close when the one viewing is the member whose week was sent back:
   * where they fix it (the submit page on that week).
   */
  editHref?: string
  /**
   * Whether the one viewing may send an approved week back for correction (a supervisor who may
   * decide it): view mode then offers it while no closed pay period holds the week.
   */
  canSendBack?: boolean
}

/**
 * The dashboard's review dialog (spec section 2): the whole week in the order it began, notes and
 * earlier decisions; supervisors approve, decline or reject from here.
 */
export function ReviewDialog({
  target,
  onClose,
  onDecided,
  timeZone,
  onReview,
  editHref,
  canSendBack,
}: ReviewDialogProps) {
  // The mutation lives here, not in the content, so its outcome is reported even as the content unmounts.
  const update = useUpdateTimesheetStatus()
  const busy = update.isPending

  const decide = (timesheet: ListedTimesheet, status: Decision, comments: string) =>
    update.mutate(
      { id: timesheet.id, status, comments },
      {
        onSuccess: (result) => {
          const first = status === 'approved' && result.status === 'pending'
          // A final approver whose address is not confirmed gets the email only once they confirm it.
          const waiting = first ? (result.reviewEmailsHeldFor ?? []) : []
          toast({
            title: i18next.t('supervisor:review.toast.success'),
            // A first of two approvals leaves the week pending for a final approver.
            description: waiting.length
              ? i18next.t('supervisor:review.toast.firstApprovalWaits', {
                  count: waiting.length,
                  names: formatList(waiting.map((r) => fullName(r))),
                })
              : i18next.t(`supervisor:review.toast.${first ? 'firstApproval' : status}`),
            ...(waiting.length ? { duration: 15_000 } : {}),
          })
          onDecided?.(result, status, timesheet)
          onClose()
        },
        onError: (error) =>
          toastFailure(i18next.t('supervisor:review.toast.error'), error, i18next.t('supervisor:review.toast.failed')),
      },
    )

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {target ? (
        <ReviewContent
          // Made anew for each timesheet, not for each mode: a new dialog for 'Review to approve'
          // started Radix's focus handling over and forgot the opener that closing returns to.
          key={target.timesheet.id}
          target={target}
          timeZone={timeZone}
          busy={busy}
          deciding={busy ? (update.variables?.status ?? null) : null}
          onCancel={onClose}
          onDecide={(status, comments) => decide(target.timesheet, status, comments)}
          onReview={target.timesheet.status === 'pending' ? onReview : undefined}
          editHref={editHref}
          canSendBack={canSendBack === true && target.timesheet.status === 'approved'}
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
  onReview?: () => void
  editHref?: string
  canSendBack: boolean
}

function ReviewContent({
  target,
  timeZone,
  busy,
  deciding,
  onCancel,
  onDecide,
  onReview,
  editHref,
  canSendBack,
}: ReviewContentProps) {
  const { timesheet: sheet, mode } = target
  const { t } = useTranslation('supervisor')
  const [comments, setComments] = useState('')
  const commentsId = useId()
  const commentsBox = useRef<HTMLTextAreaElement>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const handOff = useFocusHandoff()
  const limit = useTextLimit(commentsId, comments, TEXT_LIMITS.comments)
  // A comment past its limit says so on its field; deciding waits until it is shortened.
  const decide = (status: Decision) => {
    if (limit.over) commentsBox.current?.focus()
    else onDecide(status, comments.trim())
  }
  const approve = () => decide('approved')
  const reject = () => decide('rejected')

  // The same reads as the week's leave lines below, for the flags.
  const leaveOf = useWeekLeave({ from: sheet.weekStartDate, to: weekEnd(sheet.weekStartDate) })
  const name = employeeName(sheet.employee)
  const hours = (value: number) => t('review.hours', { count: value, hours: formatHoursValue(value) })
  const submitted = formatDate(sheet.submittedAt, 'medium', t('review.notSubmitted'), timeZone)
  return (
    <DialogContent
      className="max-w-2xl"
      onOpenAutoFocus={(event) => {
        // Radix would focus the first control, the History toggle near the bottom, while the
        // dialog stays scrolled to its top. Deciding starts at the comment; viewing at the top.
        event.preventDefault()
        const start = mode === 'view' ? title.current : commentsBox.current
        start?.focus()
      }}
    >
      <DialogHeading titleRef={title} title={t(mode === 'view' ? 'review.viewTitle' : 'review.reviewTitle')}>
        {mode === 'view'
          ? t('review.viewIntro', { name, date: formatDate(sheet.weekStartDate) })
          : t(mode === 'approve' ? 'review.approveIntro' : 'review.rejectIntro')}
      </DialogHeading>

      <div className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DescriptionItem label={t('review.employee')}>
            <span className="flex items-center gap-3">
              {sheet.employee ? <UserAvatar user={sheet.employee} className="size-8" /> : null}
              <span className="min-w-0">
                <MemberName name={name} className="font-medium" />
                {sheet.employee?.department ? (
                  <span className="block text-sm text-slate-600">{sheet.employee.department}</span>
                ) : null}
              </span>
            </span>
          </DescriptionItem>
          <DescriptionItem label={t('review.weekStarting')}>{formatDate(sheet.weekStartDate)}</DescriptionItem>
          <DescriptionItem label={t('review.submitted')}>{submitted}</DescriptionItem>
          <DescriptionItem label={t('review.status')}>
            <TimesheetStatusBadge status={sheet.status} />
          </DescriptionItem>
        </dl>

        {sheet.enteredOffline ? <EnteredOfflineNote /> : null}
        <WeekFlags
          week={sheet}
          leave={leaveOf(sheet.employeeId)}
          decided={sheet.status === 'approved' || sheet.status === 'rejected'}
        />

        <section aria-labelledby={`${commentsId}-schedule`} className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`${commentsId}-schedule`} className="font-semibold text-slate-900">
              {t('review.weeklySchedule')}
            </h3>
            <p className="text-sm text-slate-700">
              {t('review.total')} <span className="font-semibold">{hours(weekTotalHours(sheet))}</span>
            </p>
          </div>
          <PayrollFigures payroll={sheet.payroll} />
          <ol className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate)).map((d) => (
              <li key={d.day} className="space-y-1 p-3" data-testid={`day-${d.day}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-medium text-slate-900">
                    {t(`audit.day.${d.day}`)}{' '}
                    <span className="text-sm font-normal text-slate-500">
                      {formatDate(dateOfDay(sheet.weekStartDate, d.day))}
                    </span>
                  </p>
                  {d.spans.length ? (
                    <p className="text-sm text-slate-800">
                      {spansText(d.spans)}{' '}
                      <span className="text-slate-500">
                        ({hours(d.hours)}
                        {sheet[breakField(d.day)] > 0
                          ? t('review.break', { minutes: formatBreakMinutes(sheet[breakField(d.day)]) })
                          : null}
                        )
                      </span>
                    </p>
                  ) : (
                    <p className="text-sm text-slate-500 italic">{t('review.noHours')}</p>
                  )}
                </div>
                <DaySplitSummary allocations={sheet[allocationsField(d.day)]} />
                {d.activity ? (
                  <div className="text-sm">
                    <p className="font-medium text-slate-600">{t('review.dailyActivity')}</p>
                    <p className="break-words whitespace-pre-wrap text-slate-800">{d.activity}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          <WeekSplitSummary percents={sheet.weekAllocationPercent} />
          <MemberWeekLeave
            weekStartDate={sheet.weekStartDate}
            employeeId={sheet.employeeId}
            timeZone={zoneOr(timeZone)}
          />
        </section>

        <section className="space-y-1">
          <h3 className="font-semibold text-slate-900">{t('review.notes')}</h3>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{sheet.notes || t('review.noNotes')}</p>
        </section>

        <PreviousComments history={sheet.commentHistory} legacy={sheet.comments} timeZone={timeZone} />

        <TimesheetTimeline timesheetId={sheet.id} version={sheet.version} />

        {mode === 'view' ? null : (
          <div className="space-y-2">
            <Label htmlFor={commentsId}>{t('review.comments')}</Label>
            <Textarea
              ref={commentsBox}
              id={commentsId}
              rows={3}
              placeholder={t('review.commentsPlaceholder')}
              value={comments}
              {...limit.control}
              disabled={busy}
              onChange={(e) => setComments(e.target.value)}
            />
            {limit.note}
          </div>
        )}
      </div>

      <DialogFooter>
        {mode === 'view' ? (
          <>
            <DialogClose asChild>
              <Button variant="outline">{t('review.close')}</Button>
            </DialogClose>
            {onReview ? (
              <Button
                onClick={() => {
                  // The button goes with view mode: deciding starts at the comment, as when opened to decide.
                  handOff(() => commentsBox.current)
                  onReview()
                }}
              >
                {t('review.reviewToApprove')}
              </Button>
            ) : null}
            {editHref ? <LinkButton to={editHref}>{t('review.editResubmit')}</LinkButton> : null}
            {canSendBack ? <SendBackButton timesheet={sheet} onSentBack={onCancel} /> : null}
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t('review.cancel')}
            </Button>
            {mode === 'approve' ? (
              <>
                <Button variant="destructive" onClick={reject} disabled={busy}>
                  {deciding === 'rejected' ? <Spinner /> : null}
                  {deciding === 'rejected' ? t('review.declining') : t('review.decline')}
                </Button>
                <Button variant="success" onClick={approve} disabled={busy}>
                  {deciding === 'approved' ? <Spinner /> : null}
                  {deciding === 'approved' ? t('review.approving') : t('review.approve')}
                </Button>
              </>
            ) : (
              <Button variant="destructive" onClick={reject} disabled={busy}>
                {deciding === 'rejected' ? <Spinner /> : null}
                {deciding === 'rejected' ? t('review.rejecting') : t('review.reject')}
              </Button>
            )}
          </>
        )}
      </DialogFooter>
    </DialogContent>
  )
}

/**
 * Some times came from the employee's phone while it was offline, by its own clock, and were
 * synced later. The English text, as the catalogue has it (`review.enteredOffline`), for tests.
 */
export const ENTERED_OFFLINE_NOTE =
  'Some of these times were entered offline on the employee’s device (its own clock) and synced later.'

function EnteredOfflineNote() {
  const { t } = useTranslation('supervisor')
  return (
    <p className="flex gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t('review.enteredOffline')}</span>
    </p>
  )
}

const commentTime = (at: string, timeZone: string | undefined) => formatDate(at, 'dateTime', '-', timeZone)

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
  const { t } = useTranslation('supervisor')
  if (history.length === 0 && !legacy) return null
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">{t('review.previousComments')}</h3>
      {history.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">{legacy}</p>
      ) : (
        <ul className="space-y-2">
          {history.map((c) => (
            <li key={`${c.at}-${c.byUserId}`} className="space-y-1 rounded-md bg-slate-50 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-slate-900">
                  {c.onBehalfOfName ? t('review.onBehalfOf', { name: c.byName, approver: c.onBehalfOfName }) : c.byName}
                </span>
                <time dateTime={c.at} className="text-slate-500">
                  {commentTime(c.at, timeZone)}
                </time>
                <TimesheetStatusBadge status={c.status} />
              </div>
              <p className="break-words whitespace-pre-wrap text-slate-800">{c.comment || t('review.noComment')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
