import { useEffect, useId, useRef, useState } from 'react'
import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  allocatesByPercent,
  allocationsField,
  DAYS,
  fillPercentRemainder,
  MAX_DAY_ALLOCATIONS,
  UNALLOCATED,
  type AllocationCode,
  type TimesheetDays,
} from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { useAuth } from '../../api/auth.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/Button.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { SplitFooter } from './SplitFooter.tsx'
import { useCodeName, WeekSplitSummary } from './SplitSummary.tsx'

type WeekPercent = NonNullable<TimesheetDays['weekAllocationPercent']>

/** One line as typed: a code and its percent ('' while nothing is typed). */
interface Line {
  code: string
  percent: string
}

const FIELD = 'weekAllocationPercent'

/** A line's typed percent (nothing, or anything not above zero, is none; a fraction stays, for the check to say). */
const percentOf = (typed: string) => {
  const n = Number(typed)
  return Number.isFinite(n) && n > 0 ? n : 0
}

const keyOf = (list: WeekPercent | null | undefined) => JSON.stringify(list?.length ? list : null)

/** The server's message on the week's percents (on the list, or on one of its lines). */
const messageOf = (errors: Record<string, string> | undefined) =>
  Object.entries(errors ?? {}).find(([field]) => field === FIELD || field.startsWith(`${FIELD}.`))?.[1]

/**
 * An exempt member's or minister's week split by percent among ministries and funds
 * (`weekAllocationPercent`), instead of per day. The member types percents for other codes; what
 * they leave of 100 goes to their default code (or 'Unallocated') as they type, and a live check
 * says whether it adds up to 100. Offered only to exempt members and ministers, only while no day
 * is split (the server takes one or the other); with nothing chosen the form looks as it did and
 * the field carries nothing.
 */
export function WeekPercentSplit({
  days,
  onChange,
  idPrefix = '',
  readOnly,
  disabled,
  errors,
  className,
}: {
  days: TimesheetDays
  onChange: (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) => void
  idPrefix?: string
  readOnly?: boolean
  disabled?: boolean
  /** The server's messages by field (a 400's `fields`). */
  errors?: Record<string, string>
  className?: string
}) {
  const { t } = useTranslation('staff')
  const codes = useAllocationCodes().data?.codes ?? []
  const user = useAuth().user
  const defaultCode = user?.defaultCode ?? null
  const fill = defaultCode || UNALLOCATED
  const stored = days.weekAllocationPercent
  const linesOf = (list: WeekPercent | null | undefined): Line[] =>
    (list ?? []).filter((l) => l.code !== fill).map((l) => ({ code: l.code, percent: String(l.percent) }))
  const [lines, setLines] = useState<Line[]>(() => linesOf(stored))
  const [open, setOpen] = useState(false)
  const id = `${idPrefix}${FIELD}`
  const liveId = useId()
  const message = messageOf(errors)

  /** The field as the typed lines make it: the rest into the default code, or nothing without a line. */
  const produce = (typed: readonly Line[]): WeekPercent | undefined => {
    const given = typed.map((l) => ({ code: l.code, percent: percentOf(l.percent) })).filter((l) => l.percent > 0)
    return given.length ? fillPercentRemainder(given, defaultCode) : undefined
  }
  // What this editor last put in the field: anything else there was put by a reload or a copy.
  const pushed = useRef(keyOf(stored))
  const update = (next: Line[]) => {
    setLines(next)
    const value = produce(next)
    pushed.current = keyOf(value)
    onChange(FIELD, value)
  }
  const storedKey = keyOf(stored)
  useEffect(() => {
    if (storedKey === pushed.current) return
    // Changed elsewhere (a reload after a conflict, Copy last week, its undo): the lines follow it.
    pushed.current = storedKey
    setLines(linesOf(stored))
    // Only the field drives this; the rest is read as it is now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey])

  const nameOf = useCodeName()

  if (readOnly) return <WeekSplitSummary percents={stored} className={className} />

  const showing = open || lines.length > 0 || (stored?.length ?? 0) > 0
  const active = codes.filter((c) => c.active && c.id !== fill)
  if (!showing) {
    // Only exempt members and ministers allocate by percent, and only a week with no day split.
    const daySplit = DAYS.some((day) => (days[allocationsField(day)]?.length ?? 0) > 0)
    if (!user || !allocatesByPercent(user.payType) || daySplit || active.length === 0) return null
    return (
      <div className={className}>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="min-h-11 px-2 text-indigo-700"
          disabled={disabled}
          aria-expanded={false}
          onClick={() => {
            setOpen(true)
            setLines([{ code: active[0]!.id, percent: '' }])
            // The first line's percent takes the focus once shown.
            requestAnimationFrame(() => document.getElementById(`${id}-0-percent`)?.focus())
          }}
        >
          {t('weekSplit.open')}
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
  const given = produce(lines) ?? []
  const rest = given.find((l) => l.code === fill)?.percent ?? 0
  const total = given.reduce((a, l) => a + l.percent, 0)
  const typed = lines.map((l) => percentOf(l.percent)).filter((p) => p > 0)
  // Room for another line: at most five codes a week, the remainder's one among them.
  const room = lines.length < MAX_DAY_ALLOCATIONS - 1 && active.some((c) => !lines.some((l) => l.code === c.id))
  const problem = typed.some((p) => !Number.isInteger(p) || p > 100)
    ? t('weekSplit.whole')
    : total > 100
      ? t('weekSplit.over', { total })
      : null
  const described = [message ? `${id}-error` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ')

  return (
    <fieldset
      id={id}
      className={cn('space-y-2 rounded-md border border-slate-200 p-2 sm:p-3', className)}
      aria-describedby={liveId}
    >
      <legend className="px-1 text-sm font-medium text-slate-900">{t('weekSplit.legend')}</legend>
      <p className="text-sm text-slate-600">{t('weekSplit.hint')}</p>
      {lines.map((line, index) => (
        <div key={index} className="flex items-center gap-2">
          <select
            id={`${id}-${index}-code`}
            aria-label={t('weekSplit.codeLabel', { n: index + 1 })}
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
            id={`${id}-${index}-percent`}
            aria-label={t('weekSplit.percentLabel', { n: index + 1 })}
            aria-invalid={problem || message ? true : undefined}
            aria-describedby={described || undefined}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            placeholder="0"
            value={line.percent}
            disabled={disabled}
            className="min-h-11 w-20 shrink-0 text-base"
            onChange={(e) => update(lines.map((l, i) => (i === index ? { ...l, percent: e.target.value } : l)))}
          />
          <span aria-hidden className="text-sm text-slate-700">
            %
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="min-h-11 min-w-11 shrink-0"
            disabled={disabled}
            aria-label={t('weekSplit.removeLine', { name: nameOf(line.code) })}
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
        {rest > 0 ? t('weekSplit.rest', { name: nameOf(fill), percent: rest }) : null}{' '}
        {total === 100 ? t('weekSplit.addsUp') : null}
      </p>
      <SplitFooter
        id={id}
        problem={problem}
        message={message}
        disabled={disabled}
        addLabel={t('weekSplit.addLine')}
        onAdd={
          room
            ? () => {
                const code = active.find((c) => !lines.some((l) => l.code === c.id))!.id
                update([...lines, { code, percent: '' }])
                requestAnimationFrame(() => document.getElementById(`${id}-${lines.length}-percent`)?.focus())
              }
            : undefined
        }
        clearLabel={t('weekSplit.clear')}
        onClear={() => {
          update([])
          setOpen(false)
        }}
      />
    </fieldset>
  )
}
