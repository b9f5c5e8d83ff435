import i18next from 'i18next'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  DAYS,
  dayFields,
  TEXT_LIMITS,
  textLimitState,
  timesheetDays,
  unfinishedDays,
  type TimesheetDays,
  weekChecks,
  type SubmittedTimesheet,
  type TimesheetAnswer,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { currentWeekQuery, isConflictError } from '../../api/timesheets.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { useClockOutLimit, useMissingClockOuts } from './clock-out.ts'
import { spansOnlyWhenSplit } from '../../lib/day-spans.ts'

export type EditorBusy = 'save' | 'submit' | 'timer' | null

/** The week's texts past the limits the server holds them to (each says so on its own field). */
export const tooLongTexts = (days: TimesheetDays): (keyof TimesheetDays)[] => [
  ...DAYS.map((day) => dayFields(day).activity).filter((f) => textLimitState(days[f], TEXT_LIMITS.activity).over),
  ...(textLimitState(days.notes, TEXT_LIMITS.notes).over ? (['notes'] as const) : []),
]

/**
 * The steps of save and submit on one form, each with its own calls (spec section 9): the weekly
 * dialog saves its draft (PUT) and then submits what it saved; the submit page has no separate save,
 * because its one call (POST /api/timesheets) is saved and submitted by the server.
 */
export type SaveAndSubmit = {
  /** The failure toast's title of the submission (the message is the server's, or a fallback). */
  submitFailed: string
  /** After success, with the server's answer: the form's toast and where it goes next. */
  submitted: (answer: SubmittedTimesheet) => void
} & (
  | {
      /** Null: the save was kept on the device (offline) and the caller said why nothing was submitted. */
      save: () => Promise<TimesheetAnswer | null>
      saveFailed: string
      submit: (saved: TimesheetAnswer) => Promise<SubmittedTimesheet>
    }
  | { save?: undefined; submit: () => Promise<SubmittedTimesheet> }
)

/**
 * The state both timesheet forms share (the submit page and the weekly dialog): the days as typed,
 * the saved timesheet they are based on (its version guards a save against overwriting a newer
 * one), which action runs, and a 409's message with the reload it offers. The typed days are the
 * user's: refetches never overwrite them; only an explicit reload does.
 */
export function useTimesheetEditor(initial: TimesheetAnswer | undefined) {
  const queryClient = useQueryClient()
  const [base, setBase] = useState(initial)
  // Held as the form holds a day (its spans only when split), whatever sets them.
  const [days, setHeldDays] = useState(() => spansOnlyWhenSplit(timesheetDays(initial ?? {})))
  const setDays = (next: TimesheetDays) => setHeldDays(spansOnlyWhenSplit(next))
  const [busy, setBusy] = useState<EditorBusy>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  // Set by a submission with a half-filled day: its fields then say what is missing until it is fixed.
  const [askedToFinish, setAskedToFinish] = useState(false)
  // Days whose timer ran past the organization's limit with no end, as typed now.
  const missingClockOuts = useMissingClockOuts(base ? { ...days, weekStartDate: base.weekStartDate } : undefined)
  const clockOutLimit = useClockOutLimit()

  const setField = (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) =>
    setHeldDays((d) => ({ ...d, [field]: value }))
  const fill = (values: Partial<TimesheetDays>) => setHeldDays((d) => ({ ...d, ...spansOnlyWhenSplit(values) }))

  /** Marks the buttons busy while `task` runs. */
  const runAs = async (kind: Exclude<EditorBusy, null>, task: () => Promise<void>) => {
    setBusy(kind)
    try {
      await task()
    } finally {
      setBusy(null)
    }
  }

  /** One server call that answers the saved timesheet: it becomes the base; a 409 is kept to offer a reload. */
  const track = async <T extends TimesheetAnswer>(call: Promise<T>): Promise<T> => {
    try {
      const saved = await call
      setBase(saved)
      setConflict(null)
      return saved
    } catch (error) {
      if (isConflictError(error)) setConflict(errorMessage(error, i18next.t('staff:toast.changedElsewhere')))
      throw error
    }
  }

  /** The form starts again from `form` (a saved week, or blank when undefined): nothing typed is kept. */
  const load = (form: TimesheetAnswer | undefined) => {
    setBase(form)
    setDays(timesheetDays(form ?? {}))
    setConflict(null)
    setAskedToFinish(false)
  }

  /**
   * The user's explicit choice after a 409: the form starts again from the latest saved week
   * (`read`: this week's unless the form shows another). `toForm` picks what of it the form may
   * edit (the submit page keeps a locked week out).
   */
  const reload = async (
    toForm: (latest: TimesheetAnswer | null) => TimesheetAnswer | undefined = (latest) => latest ?? undefined,
    read: () => Promise<TimesheetAnswer | null> = () => queryClient.fetchQuery({ ...currentWeekQuery, staleTime: 0 }),
  ): Promise<TimesheetAnswer | undefined> => {
    setReloading(true)
    try {
      const form = toForm(await read())
      load(form)
      return form
    } catch (error) {
      toastFailure(i18next.t('common:error'), error, i18next.t('staff:toast.couldNotLoadLatest'))
      return undefined
    } finally {
      setReloading(false)
    }
  }

  /**
   * Save and submit (spec section 4), the one flow of both forms: the days are saved, and submitted
   * only when the save succeeded; each answer becomes the base and a 409 offers a reload. On the
   * server both submissions are one workflow and one transaction (functions/src/workflows/submission.ts).
   */
  /**
   * True, with a toast, when a text is past its limit: its field already says so, and the
   * server would refuse the save (or, offline, the queued save would fail later).
   */
  const refuseTooLong = (): boolean => {
    if (tooLongTexts(days).length === 0) return false
    toast({
      variant: 'destructive',
      title: i18next.t('staff:fields.tooLongTitle'),
      description: i18next.t('staff:fields.tooLong'),
    })
    return true
  }

  const saveAndSubmit = (steps: SaveAndSubmit) => {
    if (refuseTooLong()) return Promise.resolve()
    // A start with no end (or an end with no start) counts nothing and would be lost from every
    // view: the member finishes or clears the day before the week goes for approval.
    const unfinished = unfinishedDays(days)
    // A forgotten clock-out first: the member confirms when they stopped; nothing is ever set for them.
    const forgotten = missingClockOuts.map((m) => m.day)
    const asked = forgotten.length
      ? ({ title: 'clockOutMissingTitle', text: 'clockOutMissingDays', days: forgotten } as const)
      : unfinished.length
        ? ({ title: 'unfinishedTitle', text: 'unfinished', days: unfinished } as const)
        : null
    if (asked) {
      setAskedToFinish(true)
      toast({
        variant: 'destructive',
        title: i18next.t(`staff:fields.${asked.title}`),
        description: i18next.t(`staff:fields.${asked.text}`, {
          days: asked.days.map((d) => i18next.t(`common:days.${d}`)).join(', '),
        }),
      })
      return Promise.resolve()
    }
    return runAs('submit', async () => {
      let answer: SubmittedTimesheet
      try {
        if (steps.save) {
          let saved: TimesheetAnswer | null
          try {
            saved = await steps.save()
          } catch (error) {
            toastFailure(steps.saveFailed, error, i18next.t('staff:toast.failedToSave'))
            return
          }
          if (!saved) return
          answer = await track(steps.submit(saved))
        } else {
          answer = await track(steps.submit())
        }
      } catch (error) {
        toastFailure(steps.submitFailed, error, i18next.t('staff:toast.failedToSubmit'))
        return
      }
      steps.submitted(answer)
    })
  }

  /**
   * The messages of the half-filled days, on the field that is missing, once a submission asked; a
   * missing clock-out's at once, with the time the limit was reached.
   */
  const clockOutFields = Object.fromEntries(
    missingClockOuts.map((m): [string, string] => [
      dayFields(m.day).end,
      i18next.t('staff:fields.clockOutMissing', { hours: clockOutLimit?.hours, time: m.suggestedEnd }),
    ]),
  )
  const unfinishedFields: Record<string, string> = askedToFinish
    ? Object.fromEntries(
        weekChecks(days).flatMap(({ day, check }): [string, string][] => {
          const f = dayFields(day)
          if (check === 'startWithoutEnd') return [[f.end, i18next.t('staff:fields.needsEnd')]]
          if (check === 'endWithoutStart') return [[f.start, i18next.t('staff:fields.needsStart')]]
          return []
        }),
      )
    : {}
  Object.assign(unfinishedFields, clockOutFields)

  const reset = () => setDays(timesheetDays({}))

  return {
    base,
    days,
    setDays,
    setField,
    fill,
    load,
    reset,
    busy,
    runAs,
    track,
    saveAndSubmit,
    refuseTooLong,
    conflict,
    unfinishedFields,
    reloading,
    reload,
  }
}

export type TimesheetEditor = ReturnType<typeof useTimesheetEditor>
