import { useState } from 'react'
import {
  dateOfDay,
  dayFields,
  daysOfWeekStarting,
  isEditable,
  runningStart,
  todayIn,
  type TimesheetDays,
  type DayName,
  type TimesheetAnswer,
} from '@app/core'
import { useCopyLastWeekCall, useSubmitWeek, useUpdateDraft } from '../../api/timesheets.ts'
import { errorFields, isNetworkError } from '../../api/client.ts'
import { isOnline } from '../../offline/connection.ts'
import { latestSave } from '../../offline/offline-db.ts'
import { CopyLastWeek, useLastWeek } from './CopyLastWeek.tsx'
import { toast } from '../../lib/toast.ts'
import { cn } from '../../lib/cn.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog.tsx'
import { formatDateRange, formatShortDate } from '../../lib/format.ts'
import { OrgZoneNote } from '../OrgZoneNote.tsx'
import { mayRun, paidHoursOf, timerView } from './clock.ts'
import { DayTimer } from './DayTimer.tsx'
import { toastFailure } from '../../lib/toast-failure.ts'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { OvertimeNotice } from './OvertimeNotice.tsx'
import { WeekTotal } from './WeekTotal.tsx'
import { MyWeekLeave } from '../time-off/WeekLeave.tsx'
import { ConflictNotice, DayFields, NotesField, SaveAndSubmitButtons, SupervisorComments } from './TimesheetFields.tsx'
import { useTimesheetEditor } from './use-timesheet-editor.ts'
import { WeekPercentSplit } from './WeekPercentSplit.tsx'
import { runTimerAction, saveDayActivity, type TimerAction } from './timer-actions.ts'
import { ActivityPrompt } from './ActivityPrompt.tsx'
import { useNow } from './use-now.ts'
import { TimesheetTimeline } from '../audit/TimesheetTimeline.tsx'
import { rejectionOf } from './rejection.ts'
import { useOnline } from '../../offline/connection.ts'
import { savedOnDevice } from '../../offline/drafts.ts'
import { useTranslation } from 'react-i18next'
import { toastSubmitted } from './submitted-toast.ts'

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
  const updateDraft = useUpdateDraft()
  const submitWeek = useSubmitWeek()
  const copyCall = useCopyLastWeekCall()
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

  /** PUT the days at the version the form is based on (kept on the device when offline). */
  const persist = async (next: TimesheetDays) => {
    let onDevice = false
    const saved = await editor.track(
      updateDraft.mutateAsync({ id: timesheet.id, days: next, version: editor.base!.version }).then((result) => {
        onDevice = result.onDevice
        return result.timesheet
      }),
    )
    return { saved, onDevice }
  }

  // The day whose Clock Out asks 'What did you do?' (one at a time).
  const [asking, setAsking] = useState<DayName | null>(null)
  const onTimer = (action: TimerAction, day: DayName) =>
    editor.runAs('timer', async () => {
      const saved = await runTimerAction({ action, days, day, timeZone, apply: editor.setDays, persist })
      setAsking(saved && action === 'clockOut' ? day : null)
    })
  const onActivity = async (day: DayName, activity: string) => {
    let saved = false
    await editor.runAs('save', async () => {
      saved = await saveDayActivity({ days, day, activity, apply: editor.setDays, persist })
    })
    return saved
  }
  const timerOf = (day: DayName) => ({
    onClockIn: () => void onTimer('clockIn', day),
    onClockOut: () => void onTimer('clockOut', day),
    onReset: () => void onTimer('reset', day),
  })

  const onSave = async () => {
    if (!timesheet.id) {
      toast({ variant: 'destructive', title: t('toast.saveFailed'), description: t('toast.noTimesheetToSave') })
      return
    }
    if (editor.refuseTooLong()) return
    await editor.runAs('save', async () => {
      try {
        const { onDevice } = await persist(days)
        toast(onDevice ? { title: savedOnDevice() } : { title: t('toast.saved'), description: t('toast.savedAsDraft') })
      } catch (error) {
        toastFailure(t('toast.saveFailed'), error, t('toast.failedToSave'))
      }
    })
  }

  /**
   * Copy last week: online, the server copies into the saved week (POST
   * /api/timesheets/{id}/copy-last-week) and the form takes its copy of the days it had empty; offline,
   * or while earlier saves of this week wait on the device (they must reach the server first), the
   * same rule fills the form and the week is saved like any save (kept on the device, synced in order).
   */
  const onCopy = async (patch: Partial<TimesheetDays>) => {
    let kept: { onDevice: boolean } | null = null
    await editor.runAs('save', async () => {
      try {
        const waiting = await latestSave(timesheet.employeeId, timesheet.id).catch(() => undefined)
        if (isOnline() && !waiting) {
          try {
            const saved = await editor.track(copyCall.mutateAsync(timesheet.id))
            editor.fill(
              Object.fromEntries(Object.keys(patch).map((field) => [field, saved[field as keyof TimesheetDays]])),
            )
            kept = { onDevice: false }
            return
          } catch (error) {
            if (!isNetworkError(error)) throw error
          }
        }
        const next = { ...days, ...patch }
        editor.setDays(next)
        kept = { onDevice: (await persist(next)).onDevice }
      } catch (error) {
        toastFailure(t('copyLastWeek.failed'), error, t('toast.failedToSave'))
      }
    })
    return kept
  }

  /** Undo of a copy: the copied days as they were, saved like any save. */
  const onUndoCopy = async (restore: Partial<TimesheetDays>) => {
    let undone = false
    await editor.runAs('save', async () => {
      const next = { ...days, ...restore }
      editor.setDays(next)
      try {
        await persist(next)
        undone = true
      } catch (error) {
        toastFailure(t('toast.saveFailed'), error, t('toast.failedToSave'))
      }
    })
    return undone
  }

  /** Submit saves first and submits only if the save succeeded (spec section 4). */
  const onSubmit = async () => {
    if (!timesheet.id) {
      toast({ variant: 'destructive', title: t('toast.submitFailed'), description: t('toast.noTimesheetToSubmit') })
      return
    }
    await editor.saveAndSubmit({
      save: async () => {
        const { saved, onDevice } = await persist(days)
        if (!onDevice) return saved
        toast({
          variant: 'destructive',
          title: t('toast.submitFailed'),
          description: t('weeklyDialog.submitNeedsConnection'),
        })
        return null
      },
      saveFailed: t('toast.saveFailed'),
      submit: (saved) => submitWeek.mutateAsync({ id: saved.id, version: saved.version }),
      submitFailed: t('toast.submitFailed'),
      submitted: (answer) => {
        toastSubmitted(answer, t('toast.submittedForApproval'))
        onClose()
      },
    })
  }

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
          onCopy={onCopy}
          onUndo={onUndoCopy}
        />
      ) : null}

      <div className="space-y-3">
        {order.map((day) => {
          const f = dayFields(day)
          const date = dateOfDay(weekStart, day)
          const view = timerView({ date, week: days, day, now, timeZone, editable })
          const titleId = `dialog-${day}-title`
          const label = t(`common:days.${day}`)
          return (
            <section
              key={day}
              aria-labelledby={titleId}
              data-today={date === today ? true : undefined}
              tabIndex={date === today ? -1 : undefined}
              className={cn(
                'space-y-3 rounded-lg border p-3 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                date === today ? 'border-indigo-300 bg-indigo-50/40' : 'border-slate-200',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 id={titleId} className="font-semibold text-slate-900">
                  {label}
                </h3>
                <span className="flex items-center gap-2 text-sm text-slate-600">
                  {date === today ? <Badge>{t('common:today')}</Badge> : null}
                  {formatShortDate(date)}
                </span>
              </div>
              <DayTimer
                id={`dialog-${day}-timer`}
                dayLabel={label}
                dayInSentence={t(`common:weekdays.${day}`)}
                start={runningStart(days, day) ?? ''}
                view={view}
                paidHours={paidHoursOf(days, day)}
                busy={busy !== null}
                {...timerOf(day)}
              />
              {asking === day && editable ? (
                <ActivityPrompt
                  dayInSentence={t(`common:weekdays.${day}`)}
                  activity={days[f.activity]}
                  busy={busy !== null}
                  onSave={(activity) => onActivity(day, activity)}
                  onClose={() => setAsking(null)}
                  timerId={`dialog-${day}-timer`}
                />
              ) : null}
              <DayFields day={day} {...bound} />
            </section>
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
              onSave={() => void onSave()}
              onSubmit={() => void onSubmit()}
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
