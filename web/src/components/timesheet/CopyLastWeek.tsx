import { useEffect, useRef, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Copy } from 'lucide-react'
import {
  addDays,
  copiedDayFields,
  copyLastWeek,
  isCalendarDate,
  type DayName,
  type Timesheet,
  type TimesheetDays,
} from '@app/core'
import { timesheetListQuery } from '../../api/timesheets.ts'
import { Button } from '../ui/Button.tsx'
import { cn } from '../../lib/cn.ts'

/** How long the Undo of a copy is offered. */
export const COPY_UNDO_MS = 10_000

/** The wall clock, read by the Undo's timer (in an event, never while rendering). */
const wallClock = () => Date.now()

/**
 * The member's own week before `weekStart`, from their list of timesheets, newest first (the
 * dashboard shows the same list, so it is in the cache, offline too). `read`: 'cache' only looks
 * there (the weekly dialog opens over the dashboard), 'fetch' reads the list when it is not.
 * Undefined when there is none.
 */
export function useLastWeek(weekStart: string, read: 'cache' | 'fetch' | 'no'): Timesheet | undefined {
  const list = useInfiniteQuery({ ...timesheetListQuery('all'), enabled: read === 'fetch' })
  if (!isCalendarDate(weekStart)) return undefined
  const wanted = addDays(weekStart, -7)
  return list.data?.pages.flatMap((page) => page.items).find((t) => t.weekStartDate === wanted)
}

/** The values of the fields a copy of `copied` sets, as `days` holds them. */
export const fieldsOf = (days: TimesheetDays, copied: readonly DayName[]): Partial<TimesheetDays> =>
  Object.fromEntries(copied.flatMap((day) => copiedDayFields(day).map((field) => [field, days[field]])))

export interface CopyLastWeekProps {
  days: TimesheetDays
  /** Last week's timesheet, when the member has one. */
  lastWeek: Timesheet | undefined
  disabled: boolean
  /**
   * Fills the copied days (`patch`: last week's values of their fields) and keeps them as the screen
   * keeps its entries; true when done, with `onDevice` when only this device has it so far.
   */
  onCopy: (patch: Partial<TimesheetDays>, copied: DayName[]) => Promise<{ onDevice: boolean } | null>
  /** Puts the copied days back as they were (`restore`), kept the same way. */
  onUndo: (restore: Partial<TimesheetDays>) => Promise<boolean>
  className?: string
}

/**
 * 'Copy last week': offered only when it would fill something (a day empty this week
 * and filled last week); a filled day is never changed, notes never copied. After a copy, Undo is
 * offered for 10 seconds.
 */
export function CopyLastWeek({ days, lastWeek, disabled, onCopy, onUndo, className }: CopyLastWeekProps) {
  const { t } = useTranslation('staff')
  const [done, setDone] = useState<{ restore: Partial<TimesheetDays>; message: string } | null>(null)
  const [announce, setAnnounce] = useState('')
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)
  useEffect(() => () => clearInterval(timer.current), [])

  const { copied, days: next } = copyLastWeek(days, lastWeek)
  const dayList = copied.map((d) => t(`common:days.${d}`)).join(', ')

  const copy = async () => {
    const restore = fieldsOf(days, copied)
    const kept = await onCopy(fieldsOf(next, copied), copied)
    if (!kept) return
    const message = [
      t('copyLastWeek.copied', { count: copied.length, days: dayList }),
      kept.onDevice ? t('copyLastWeek.savedOnDevice') : '',
    ]
      .filter(Boolean)
      .join(' ')
    setDone({ restore, message })
    setAnnounce('')
    // Checked against the clock (not one long timeout), so a device that slept does not keep it longer.
    const until = wallClock() + COPY_UNDO_MS
    clearInterval(timer.current)
    timer.current = setInterval(() => {
      if (wallClock() < until) return
      clearInterval(timer.current)
      setDone(null)
    }, 250)
  }

  const undo = async () => {
    if (!done) return
    if (await onUndo(done.restore)) {
      clearInterval(timer.current)
      setDone(null)
      setAnnounce(t('copyLastWeek.undone'))
    }
  }

  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2',
        done ? 'rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900' : null,
        className,
      )}
    >
      {/* One live region: the copy's message while Undo is offered, then what Undo did. */}
      <p role="status" className={cn('text-sm', done || announce ? null : 'sr-only')}>
        {done ? done.message : announce}
      </p>
      {done ? (
        <Button variant="outline" size="sm" className="min-h-11" disabled={disabled} onClick={() => void undo()}>
          {t('copyLastWeek.undo')}
        </Button>
      ) : copied.length > 0 ? (
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={disabled}
          aria-label={t('copyLastWeek.name', { days: dayList })}
          onClick={() => void copy()}
        >
          <Copy className="size-4" aria-hidden />
          {t('copyLastWeek.button')}
        </Button>
      ) : null}
    </div>
  )
}
