import { useTranslation } from 'react-i18next'
import { dateOfDay, daysOfWeekStarting, isEditable, todayIn, type TimesheetAnswer } from '@app/core'
import { errorFields } from '../../api/client.ts'
import { formatDateRange } from '../../lib/format.ts'
import { useOnline } from '../../offline/connection.ts'
import { TimesheetTimeline } from '../audit/TimesheetTimeline.tsx'
import { OrgZoneNote } from '../OrgZoneNote.tsx'
import { MyWeekLeave } from '../time-off/WeekLeave.tsx'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog.tsx'
import { mayRun } from './clock.ts'
import { CopyLastWeek, useLastWeek } from './CopyLastWeek.tsx'
import { OvertimeNotice } from './OvertimeNotice.tsx'
import { rejectionOf } from './rejection.ts'
import { ConflictNotice, NotesField, SaveAndSubmitButtons, SupervisorComments } from './TimesheetFields.tsx'
import { useNow } from './use-now.ts'
import { useTimesheetEditor } from './use-timesheet-editor.ts'
import { useWeeklyActions } from './use-weekly-actions.ts'
import { WeeklyDayCard } from './WeeklyDayCard.tsx'
import { WeekPercentSplit } from './WeekPercentSplit.tsx'
import { WeekTotal } from './WeekTotal.tsx'

export interface WeeklyTimesheetDialogProps {
  timesheet: TimesheetAnswer & { periodClosed?: boolean }
  /** The organization's zone: "today" and the clock times are judged on its wall clock. */
  timeZone: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The weekly dialog (spec section 2, Current Week Timesheet card): one card per day in the week's
 * own order, each with its timer, times and activity; notes, the week's total, Save and Submit.
 */
export function WeeklyTimesheetDialog({ timesheet, timeZone, open, onOpenChange }: WeeklyTimesheetDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onOpenAutoFocus={(event) => {
          // Open at today's card (scrolled into view), not in the first time input of the week.
          const today = event.target instanceof HTMLElement ? event.target.querySelector('[data-today]') : null
          if (today instanceof HTMLElement) {
            event.preventDefault()
            today.focus()
          }
        }}
      >
        {/* Mounted only while open: each opening starts from the latest saved timesheet. */}
        <WeeklyTimesheetForm timesheet={timesheet} timeZone={timeZone} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function WeeklyTimesheetForm({
  timesheet,
  timeZone,
  onClose,
}: {
  timesheet: TimesheetAnswer & { periodClosed?: boolean }
  timeZone: string
  onClose: () => void
}) {
  const { t } = useTranslation('staff')
  const editor = useTimesheetEditor(timesheet)
  const { days, busy } = editor
  const now = useNow(mayRun(days) ? 1000 : 30_000)
  const online = useOnline()

  // A closed pay period locks the week whatever its status: the form opens read-only and says why.
  const editable = isEditable(timesheet.status) && !timesheet.periodClosed
  const weekStart = timesheet.weekStartDate
  const today = todayIn(timeZone, now)
  const order = daysOfWeekStarting(weekStart)
  const lastWeek = useLastWeek(weekStart, editable && timesheet.id > 0 ? 'cache' : 'no')

  const actions = useWeeklyActions({ timesheet, timeZone, editor, onClose })
  const { updateDraft, asking, setAsking } = actions

  const latestComment = rejectionOf(editor.base ?? timesheet)
  const bound = {
    days,
    onChange: editor.setField,
    idPrefix: 'dialog-',
    readOnly: !editable,
    // The server's messages on the fields (a split that does not add up names its day's field).
    errors: { ...editor.unfinishedFields, ...errorFields(updateDraft.error) },
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('weeklyDialog.title', { range: formatDateRange(weekStart) })}</DialogTitle>
        <div className="flex flex-wrap items-center gap-2">
          <TimesheetStatusBadge status={timesheet.status} />
          {!editable ? <LockedReason status={timesheet.status} periodClosed={timesheet.periodClosed} /> : null}
        </div>
        <OrgZoneNote timeZone={timeZone} />
      </DialogHeader>

      <SupervisorComments comments={latestComment} boxed className="mb-4" />

      <ConflictNotice
        className="mb-4"
        message={editor.conflict}
        reloading={editor.reloading}
        disabled={busy !== null}
        onReload={() => void editor.reload()}
      />

      {editable && timesheet.id ? (
        <CopyLastWeek
          className="mb-3"
          days={days}
          lastWeek={lastWeek}
          disabled={busy !== null}
          onCopy={actions.onCopy}
          onUndo={actions.onUndoCopy}
        />
      ) : null}

      <div className="space-y-3">
        {order.map((day) => {
          return (
            <WeeklyDayCard
              key={day}
              day={day}
              date={dateOfDay(weekStart, day)}
              today={today}
              now={now}
              timeZone={timeZone}
              editor={editor}
              editable={editable}
              asking={asking === day}
              onActivity={(activity) => actions.onActivity(day, activity)}
              onCloseActivity={() => setAsking(null)}
              timer={actions.timerOf(day)}
              bound={bound}
            />
          )
        })}
      </div>

      <WeekPercentSplit className="mt-4" {...bound} />
      <NotesField className="mt-4" {...bound} />

      <WeekTotal days={days} className="mt-4" />
      <MyWeekLeave weekStartDate={weekStart} timeZone={timeZone} className="mt-3" />
      <OvertimeNotice payroll={editor.base?.payroll} className="mt-3" />

      {/* The demo's unsaved week (id 0) has no history yet. */}
      {timesheet.id ? (
        <TimesheetTimeline
          timesheetId={timesheet.id}
          version={editor.base?.version ?? timesheet.version}
          className="mt-4"
        />
      ) : null}

      {editable ? (
        <>
          <DialogFooter>
            <SaveAndSubmitButtons
              busy={busy}
              onSave={() => void actions.onSave()}
              onSubmit={() => void actions.onSubmit()}
              submitLabel={t('weeklyDialog.submit')}
            />
          </DialogFooter>
          {online ? null : (
            <p className="mt-3 text-center text-sm text-amber-900 sm:text-right">
              {t('weeklyDialog.submitNeedsConnection')}
            </p>
          )}
          <DialogDescription className="mt-3 text-center sm:text-right">{t('weeklyDialog.saveHint')}</DialogDescription>
        </>
      ) : (
        // A submitted or approved week opens read-only: nothing offers to edit it, only to close it.
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common:close')}
          </Button>
        </DialogFooter>
      )}
    </>
  )
}

/** Why a week cannot be changed any more: its status, and what happened to it. */
export function LockedReason({ status, periodClosed }: { status: TimesheetAnswer['status']; periodClosed?: boolean }) {
  const { t } = useTranslation('staff')
  if (periodClosed && isEditable(status))
    return <span className="text-sm text-slate-600">{t('weeklyDialog.periodClosed')}</span>
  return (
    <>
      <span className="text-sm text-slate-600">
        {t('weeklyDialog.locked', { status: t(`common:status.${status}`) })}
      </span>
      {status === 'pending' || status === 'approved' ? (
        <span className="text-sm text-slate-600">{t(`weeklyDialog.lockedWhy.${status}`)}</span>
      ) : null}
    </>
  )
}
