import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { isCalendarDate, isEditable, type CurrentWeek, type TimesheetAnswer } from '@app/core'
import { weekQuery } from '../../api/timesheets.ts'
import { useTimesheetEditor } from './use-timesheet-editor.ts'

/** A week as the server keeps it (its lock included), or nothing saved for it. */
export type SavedWeek = CurrentWeek | null | undefined

/**
 * Draft (and rejected, which its employee may fix and resubmit) prefill the form; a locked week
 * (submitted, approved, or in a closed pay period) does not.
 */
export const prefillOf = (timesheet: SavedWeek | TimesheetAnswer): TimesheetAnswer | undefined =>
  timesheet && isEditable(timesheet.status) && !('periodClosed' in timesheet && timesheet.periodClosed)
    ? timesheet
    : undefined

/** The week shown read-only: submitted, approved, or in a closed pay period. */
export const lockedOf = (timesheet: SavedWeek): CurrentWeek | undefined =>
  timesheet && !prefillOf(timesheet) ? timesheet : undefined

export type WeekLoad = 'ready' | 'loading' | 'failed'

/**
 * The submit page's data: the chosen week, its own saved entries and the form's editor over them.
 * Picking a week starts the form again from that week's saved entries (or blank when it has none),
 * read afresh; nothing typed for one week is ever carried into another. This week comes from the
 * current-week read (refetched every 30 s; the form still owns what is typed).
 */
export function useChosenWeek(current: CurrentWeek | undefined, start: { week: string; saved: SavedWeek }) {
  const queryClient = useQueryClient()
  const isCurrent = (w: string) => current !== undefined && w === current.weekStartDate
  const [week, setWeek] = useState(start.week)
  const [other, setOther] = useState<SavedWeek>(start.saved)
  const [load, setLoad] = useState<WeekLoad>('ready')
  // The week asked last: an answer for a week picked before it is dropped.
  const asked = useRef(start.week)
  const editor = useTimesheetEditor(prefillOf(isCurrent(start.week) ? current : start.saved))
  const saved = isCurrent(week) ? current : other
  const read = (w: string) => queryClient.fetchQuery(weekQuery(w))

  const choose = async (next: string) => {
    asked.current = next
    setWeek(next)
    // Blank at once, so nothing of the week left behind can be saved into this one.
    editor.load(undefined)
    if (!isCalendarDate(next) || isCurrent(next)) {
      setOther(undefined)
      setLoad('ready')
      editor.load(prefillOf(isCurrent(next) ? current : undefined))
      return
    }
    setLoad('loading')
    try {
      const found = await read(next)
      if (asked.current !== next) return
      setOther(found)
      editor.load(prefillOf(found))
      setLoad('ready')
    } catch {
      if (asked.current === next) setLoad('failed')
    }
  }

  /** After a 409: the latest of the chosen week, read afresh; a week locked meanwhile is then shown read-only. */
  const reload = () =>
    isCurrent(week)
      ? editor.reload(prefillOf)
      : editor.reload(prefillOf, async () => {
          const latest = await read(week)
          setOther(latest)
          return latest
        })

  return {
    week,
    choose: (next: string) => void choose(next),
    retry: () => void choose(week),
    load,
    saved,
    locked: lockedOf(saved),
    editor,
    reload,
  }
}

export type ChosenWeek = ReturnType<typeof useChosenWeek>
