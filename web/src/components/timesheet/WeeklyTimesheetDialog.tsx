import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { CircleAlert, RefreshCw } from 'lucide-react'
import {
  dateOfDay,
  dayFields,
  dayLabel,
  daysOfWeekStarting,
  formatDateRange,
  isEditable,
  statusLabel,
  TimesheetDays,
  todayIn,
  type DayName,
  type Timesheet,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { currentWeekQuery, isConflictError, useSubmitTimesheet, useUpdateDraft } from '../../api/timesheets.ts'
import { toast } from '../../lib/toast.ts'
import { cn } from '../../lib/cn.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { mayRun, shortDate, timerView } from './clock.ts'
import { DayTimer } from './DayTimer.tsx'
import { toastFailure } from './feedback.ts'
import { TimesheetStatusBadge } from '../TimesheetStatusBadge.tsx'
import { WeekTotal } from './WeekTotal.tsx'
import { runTimerAction, type TimerAction } from './timer-actions.ts'
import { useNow } from './use-now.ts'

const SAVE_HINT = 'You can save your progress and return to complete your timesheet throughout the week.'

export interface WeeklyTimesheetDialogProps {
  timesheet: Timesheet
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

type Busy = 'save' | 'submit' | 'timer' | null

function WeeklyTimesheetForm({
  timesheet,
  timeZone,
  onClose,
}: {
  timesheet: Timesheet
  timeZone: string
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const updateDraft = useUpdateDraft()
  const submitTimesheet = useSubmitTimesheet()
  // The user's input lives here; refetches of the timesheet never overwrite it.
  const [days, setDays] = useState(() => TimesheetDays.parse(timesheet))
  const [version, setVersion] = useState(timesheet.version)
  const [busy, setBusy] = useState<Busy>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  const now = useNow(mayRun(days) ? 1000 : 30_000)

  const editable = isEditable(timesheet.status)
  const weekStart = timesheet.weekStartDate
  const today = todayIn(timeZone, now)
  const order = daysOfWeekStarting(weekStart)

  const setField = (field: keyof TimesheetDays, value: string) => setDays((d) => ({ ...d, [field]: value }))

  /** PUT the days at the version this form is based on; a 409 is kept to offer a reload. */
  const persist = async (next: TimesheetDays): Promise<Timesheet> => {
    try {
      const saved = await updateDraft.mutateAsync({ id: timesheet.id, days: next, version })
      setVersion(saved.version)
      setConflict(null)
      return saved
    } catch (error) {
      if (isConflictError(error)) setConflict(errorMessage(error, 'This timesheet was changed somewhere else.'))
      throw error
    }
  }

  const onTimer = async (action: TimerAction, day: DayName) => {
    setBusy('timer')
    await runTimerAction({ action, days, day, timeZone, apply: setDays, persist })
    setBusy(null)
  }

  const onSave = async () => {
    if (!timesheet.id) {
      toast({ variant: 'destructive', title: 'Save Failed', description: 'No timesheet to save' })
      return
    }
    setBusy('save')
    try {
      await persist(days)
      toast({ title: 'Timesheet Saved', description: 'Your timesheet has been saved as a draft' })
    } catch (error) {
      toastFailure('Save Failed', error, 'Failed to save timesheet')
    } finally {
      setBusy(null)
    }
  }

  /** Submit saves first and submits only if the save succeeded (spec section 4). */
  const onSubmit = async () => {
    if (!timesheet.id) {
      toast({ variant: 'destructive', title: 'Submit Failed', description: 'No timesheet to submit' })
      return
    }
    setBusy('submit')
    let saved: Timesheet
    try {
      saved = await persist(days)
    } catch (error) {
      toastFailure('Save Failed', error, 'Failed to save timesheet')
      setBusy(null)
      return
    }
    try {
      await submitTimesheet.mutateAsync({ id: saved.id, version: saved.version })
      toast({ title: 'Timesheet Submitted', description: 'Your timesheet has been submitted for approval' })
      onClose()
    } catch (error) {
      if (isConflictError(error)) setConflict(errorMessage(error, 'This timesheet was changed somewhere else.'))
      toastFailure('Submit Failed', error, 'Failed to submit timesheet')
    } finally {
      setBusy(null)
    }
  }

  /** The user's explicit choice after a 409: replace this form with the latest saved timesheet. */
  const onReload = async () => {
    setReloading(true)
    try {
      const latest = await queryClient.fetchQuery({ ...currentWeekQuery, staleTime: 0 })
      setDays(TimesheetDays.parse(latest))
      setVersion(latest.version)
      setConflict(null)
    } catch (error) {
      toastFailure('Error', error, 'Could not load the latest timesheet')
    } finally {
      setReloading(false)
    }
  }

  const locked = !editable || busy !== null
  const latestComment = timesheet.status === 'rejected' ? timesheet.comments : null

  return (
    <>
      <DialogHeader>
        <DialogTitle>Weekly Timesheet - {formatDateRange(weekStart)}</DialogTitle>
        <div className="flex flex-wrap items-center gap-2">
          <TimesheetStatusBadge status={timesheet.status} />
          {!editable ? (
            <span className="text-sm text-slate-600">
              This timesheet is {statusLabel[timesheet.status]} and can no longer be changed.
            </span>
          ) : null}
        </div>
      </DialogHeader>

      {latestComment ? (
        <div className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Supervisor’s comments</p>
          <p className="break-words whitespace-pre-line">{latestComment}</p>
        </div>
      ) : null}

      {conflict ? (
        <div role="alert" className="mb-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="flex gap-2 text-amber-950">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{conflict}</span>
          </p>
          <p className="text-amber-900">Your entries are still here. Reloading replaces them with the saved version.</p>
          <Button variant="outline" onClick={onReload} disabled={reloading || busy !== null}>
            {reloading ? <Spinner /> : <RefreshCw aria-hidden />} Reload latest version
          </Button>
        </div>
      ) : null}

      <div className="space-y-3">
        {order.map((day) => {
          const f = dayFields(day)
          const date = dateOfDay(weekStart, day)
          const start = days[f.start]
          const end = days[f.end]
          const view = timerView({ date, start, end, now, timeZone, editable })
          const titleId = `dialog-${day}-title`
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
                  {dayLabel[day]}
                </h3>
                <span className="flex items-center gap-2 text-sm text-slate-600">
                  {date === today ? <Badge>Today</Badge> : null}
                  {shortDate(date)}
                </span>
              </div>
              <DayTimer
                dayLabel={dayLabel[day]}
                start={start}
                view={view}
                busy={busy !== null}
                onClockIn={() => void onTimer('clockIn', day)}
                onClockOut={() => void onTimer('clockOut', day)}
                onReset={() => void onTimer('reset', day)}
              />
              <div className="grid grid-cols-2 gap-3">
                <div className="min-w-0 space-y-1.5">
                  <Label htmlFor={`dialog-${f.start}`}>Start Time</Label>
                  <Input
                    id={`dialog-${f.start}`}
                    type="time"
                    step={60}
                    className="min-h-12 text-base"
                    value={start}
                    readOnly={!editable}
                    onChange={(e) => setField(f.start, e.target.value)}
                  />
                </div>
                <div className="min-w-0 space-y-1.5">
                  <Label htmlFor={`dialog-${f.end}`}>End Time</Label>
                  <Input
                    id={`dialog-${f.end}`}
                    type="time"
                    step={60}
                    className="min-h-12 text-base"
                    value={end}
                    readOnly={!editable}
                    onChange={(e) => setField(f.end, e.target.value)}
                  />
                </div>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`dialog-${f.activity}`}>What did you do today?</Label>
                <Textarea
                  id={`dialog-${f.activity}`}
                  rows={2}
                  value={days[f.activity]}
                  readOnly={!editable}
                  onChange={(e) => setField(f.activity, e.target.value)}
                />
              </div>
            </section>
          )
        })}
      </div>

      <div className="mt-4 space-y-1.5">
        <Label htmlFor="dialog-notes">Notes (Optional)</Label>
        <Textarea
          id="dialog-notes"
          rows={3}
          value={days.notes}
          readOnly={!editable}
          onChange={(e) => setField('notes', e.target.value)}
        />
      </div>

      <WeekTotal days={days} className="mt-4" />

      <DialogFooter>
        <Button variant="outline" onClick={() => void onSave()} disabled={locked}>
          {busy === 'save' ? (
            <>
              <Spinner /> Saving...
            </>
          ) : (
            'Save Timesheet'
          )}
        </Button>
        <Button onClick={() => void onSubmit()} disabled={locked}>
          {busy === 'submit' ? (
            <>
              <Spinner /> Submitting...
            </>
          ) : (
            'Submit for Approval'
          )}
        </Button>
      </DialogFooter>
      <DialogDescription className="mt-3 text-center sm:text-right">{SAVE_HINT}</DialogDescription>
    </>
  )
}
