import { useEffect, useId, useRef, useState } from 'react'
import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  allocationsField,
  dayPaidMinutes,
  fillRemainder,
  MAX_DAY_ALLOCATIONS,
  UNALLOCATED,
  type AllocationCode,
  type DayAllocation,
  type DayName,
  type TimesheetDays,
} from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { useAuth } from '../../api/auth.ts'
import { formatHours } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { SplitFooter } from './SplitFooter.tsx'
import { DaySplitSummary, useCodeName } from './SplitSummary.tsx'

/** One line of the split as typed: a code and its hours ('' while nothing is typed). */
interface Line {
  code: string
  hours: string
}

/** Hours as the line's input shows them (two decimals at most). */
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100)

/** A line's typed hours in whole minutes (nothing, or anything not above zero, is none). */
const minutesOf = (hours: string) => {
  const n = Number(hours)
  return Number.isFinite(n) && n > 0 ? Math.round(n * 60) : 0
}

const keyOf = (list: readonly DayAllocation[] | null | undefined) => JSON.stringify(list?.length ? list : null)

const sum = (list: readonly DayAllocation[]) => list.reduce((a, l) => a + l.minutes, 0)

/**
 * A day's compact "Split" among ministries and funds. The member types hours for other
 * codes; whatever the day's paid minutes leave goes to their default code (or 'Unallocated') as
 * they type. With no split the day shows only the Split button (and nothing when the organization
 * keeps no codes), so the form looks as it did; the day's field then carries nothing.
 */
export function DaySplit({
  day,
  days,
  onChange,
  idPrefix = '',
  readOnly,
  disabled,
  message,
}: {
  day: DayName
  days: TimesheetDays
  onChange: (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) => void
  idPrefix?: string
  readOnly?: boolean
  disabled?: boolean
  /** The server's message on the day's allocations field. */
  message?: string
}) {
  const { t } = useTranslation('staff')
  const codes = useAllocationCodes().data?.codes ?? []
  const defaultCode = useAuth().user?.defaultCode ?? null
  const field = allocationsField(day)
  const stored = days[field]
  const paid = dayPaidMinutes(days, day)
  const fill = defaultCode || UNALLOCATED
  const linesOf = (list: readonly DayAllocation[] | null | undefined): Line[] =>
    (list ?? []).filter((l) => l.code !== fill).map((l) => ({ code: l.code, hours: hoursText(l.minutes) }))
  const [lines, setLines] = useState<Line[]>(() => linesOf(stored))
  const [open, setOpen] = useState(false)
  const id = `${idPrefix}${field}`
  const liveId = useId()

  /** The day's field as the typed lines make it: the rest into the default code, or nothing without a line. */
  const produce = (typed: readonly Line[], paidNow: number) => {
    const given = typed.map((l) => ({ code: l.code, minutes: minutesOf(l.hours) })).filter((l) => l.minutes > 0)
    return given.length ? fillRemainder(paidNow, given, defaultCode) : undefined
  }
  // What this editor last put in the day's field: anything else there was put by a reload or a copy.
  const pushed = useRef(keyOf(stored))
  const push = (next: DayAllocation[] | undefined) => {
    pushed.current = keyOf(next)
    onChange(field, next)
  }
  const update = (next: Line[]) => {
    setLines(next)
    push(produce(next, paid))
  }

  const storedKey = keyOf(stored)
  useEffect(() => {
    if (storedKey !== pushed.current) {
      // Changed elsewhere (a reload after a conflict, Copy last week, its undo): the lines follow it.
      pushed.current = storedKey
      setLines(linesOf(stored))
      return
    }
    // The day's times or break changed: the remainder follows them.
    const next = produce(lines, paid)
    if (keyOf(next) !== pushed.current) push(next)
    // Only the day's field and its paid minutes drive this; the rest is read as it is now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey, paid])

  const nameOf = useCodeName()
  const dayName = t(`common:weekdays.${day}`)
  const showing = open || lines.length > 0 || (stored?.length ?? 0) > 0

  if (readOnly) return <DaySplitSummary allocations={stored} />

  const active = codes.filter((c) => c.active && c.id !== fill)
  if (!showing) {
    // A week split by percent has no day split (the server takes one or the other).
    if (active.length === 0 || paid <= 0 || (days.weekAllocationPercent?.length ?? 0) > 0) return null
    return (
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="min-h-11 px-2 text-indigo-700"
          disabled={disabled}
          aria-expanded={false}
          aria-label={t('split.openNamed', { day: dayName })}
          onClick={() => {
            setOpen(true)
            setLines([{ code: active[0]!.id, hours: '' }])
            // The first line's hours take the focus once shown.
            requestAnimationFrame(() => document.getElementById(`${id}-0-hours`)?.focus())
          }}
        >
          {t('split.open')}
        </Button>
      </div>
    )
  }

  const choicesFor = (index: number): AllocationCode[] =>
    codes.filter(
      (c) =>
        c.id === lines[index]!.code ||
        (c.active && c.id !== fill && !lines.some((l, i) => i !== index && l.code === c.id)),
    )
  const given = produce(lines, paid) ?? []
  // Before any hours are typed nothing is given away: the rest is the whole day.
  const restMinutes = given.length === 0 ? paid : (given.find((l) => l.code === fill)?.minutes ?? 0)
  const over = sum(given) - paid
  // Room for another line: at most five codes a day, the remainder's one among them.
  const room = lines.length < MAX_DAY_ALLOCATIONS - 1 && active.some((c) => !lines.some((l) => l.code === c.id))
  const problem =
    over > 0
      ? t('split.over', { over: formatHours(over / 60), paid: formatHours(paid / 60) })
      : paid <= 0 && given.length > 0
        ? t('split.noPaidTime')
        : null
  const described = [message ? `${id}-error` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ')

  return (
    <fieldset id={id} className="space-y-2 rounded-md border border-slate-200 p-2 sm:p-3" aria-describedby={liveId}>
      <legend className="px-1 text-sm font-medium text-slate-900">{t('split.legend', { day: dayName })}</legend>
      {lines.map((line, index) => (
        <div key={index} className="flex items-center gap-2">
          <select
            id={`${id}-${index}-code`}
            aria-label={t('split.codeLabel', { day: dayName, n: index + 1 })}
            value={line.code}
            disabled={disabled}
            className={`${inputClasses} min-h-11 min-w-0 flex-1`}
            onChange={(e) => update(lines.map((l, i) => (i === index ? { ...l, code: e.target.value } : l)))}
          >
            {choicesFor(index).map((c) => (
              <option key={c.id} value={c.id}>
                {c.active ? c.name : t('split.inactive', { name: c.name })}
              </option>
            ))}
          </select>
          <Input
            id={`${id}-${index}-hours`}
            aria-label={t('split.hoursLabel', { day: dayName, n: index + 1 })}
            aria-invalid={problem || message ? true : undefined}
            aria-describedby={described || undefined}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="0"
            value={line.hours}
            disabled={disabled}
            className="min-h-11 w-20 shrink-0 text-base sm:w-24"
            onChange={(e) => update(lines.map((l, i) => (i === index ? { ...l, hours: e.target.value } : l)))}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="min-h-11 min-w-11 shrink-0"
            disabled={disabled}
            aria-label={t('split.removeLine', { name: nameOf(line.code), day: dayName })}
            onClick={() => {
              const next = lines.filter((_, i) => i !== index)
              update(next)
              if (next.length === 0) setOpen(false)
            }}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <p className="text-sm text-slate-700" id={liveId} aria-live="polite">
        {t('split.rest', {
          name: nameOf(fill),
          hours: formatHours(restMinutes / 60),
          paid: formatHours(paid / 60),
        })}
      </p>
      <SplitFooter
        id={id}
        problem={problem}
        message={message}
        disabled={disabled}
        addLabel={t('split.addLine')}
        onAdd={
          room
            ? () => {
                const code = active.find((c) => !lines.some((l) => l.code === c.id))!.id
                update([...lines, { code, hours: '' }])
                requestAnimationFrame(() => document.getElementById(`${id}-${lines.length}-hours`)?.focus())
              }
            : undefined
        }
        clearLabel={t('split.clear')}
        clearAriaLabel={t('split.clearNamed', { day: dayName })}
        onClear={() => {
          update([])
          setOpen(false)
        }}
      />
    </fieldset>
  )
}
