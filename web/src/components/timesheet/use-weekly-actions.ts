import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DayName, TimesheetAnswer, TimesheetDays } from '@app/core'
import { isNetworkError } from '../../api/client.ts'
import { useCopyLastWeekCall, useSubmitWeek, useUpdateDraft } from '../../api/timesheets.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { toastSubmitted } from './submitted-toast.ts'
import { isOnline } from '../../offline/connection.ts'
import { savedOnDevice } from '../../offline/drafts.ts'
import { latestSave } from '../../offline/offline-db.ts'
import { runTimerAction, saveDayActivity, type TimerAction } from './timer-actions.ts'
import type { useTimesheetEditor } from './use-timesheet-editor.ts'

/**
 * What the weekly dialog's buttons do: the day timers and their 'What did you do?', Save, Copy last
 * week and its undo, and Submit. Every save goes through PUT at the version the form is based on,
 * kept on the device when offline.
 */
export function useWeeklyActions({
  timesheet,
  timeZone,
  editor,
  onClose,
}: {
  timesheet: TimesheetAnswer
  timeZone: string
  editor: ReturnType<typeof useTimesheetEditor>
  onClose: () => void
}) {
  const { t } = useTranslation('staff')
  const updateDraft = useUpdateDraft()
  const submitWeek = useSubmitWeek()
  const copyCall = useCopyLastWeekCall()
  const { days } = editor

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

  return { updateDraft, asking, setAsking, onActivity, timerOf, onSave, onCopy, onUndoCopy, onSubmit }
}
