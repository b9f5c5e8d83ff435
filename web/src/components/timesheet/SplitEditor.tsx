import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { MAX_DAY_ALLOCATIONS, UNALLOCATED, type AllocationCode, type TimesheetDays } from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { useAuth } from '../../api/auth.ts'
import { cn } from '../../lib/cn.ts'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { RowButton } from '../ui/Button.tsx'
import { ItemOptions } from '../ui/Options.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { SplitFooter } from './SplitFooter.tsx'
import { useCodeName } from './SplitSummary.tsx'

/** One line of a split as typed: a code and its amount (hours or a percent; '' while nothing is typed). */
export interface SplitLine {
  code: string
  amount: string
}

const keyOf = (list: readonly unknown[] | null | undefined) => JSON.stringify(list?.length ? list : null)

/** What a split (a day's, the week's) is given by the timesheet form. */
export interface SplitProps {
  days: TimesheetDays
  onChange: (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) => void
  idPrefix?: string
  readOnly?: boolean
  disabled?: boolean
}

/**
 * The lines of a split (a day's minutes, a week's percents) kept in step with the timesheet's field:
 * each edit puts what `produce` makes of the lines (with the member's default code) into the field; a
 * change made elsewhere (a reload after a conflict, Copy last week, its undo) puts the field's value
 * back into the lines. The code that takes the remainder (`fill`: the member's default, or
 * 'Unallocated') is never a line of its own. With `follow` (the day's paid minutes), a change of it
 * makes the field again from the same lines.
 */
export function useSplitLines<V extends readonly { code: string }[]>({
  stored,
  amountText,
  produce: produceWith,
  onChange,
  follow,
}: {
  stored: V | null | undefined
  /** A stored line's amount as its input shows it. */
  amountText: (line: V[number]) => string
  produce: (lines: readonly SplitLine[], defaultCode: string | null) => V | undefined
  onChange: (value: V | undefined) => void
  follow?: number
}) {
  const codes = useAllocationCodes().data?.codes ?? []
  const user = useAuth().user
  const defaultCode = user?.defaultCode ?? null
  const fill = defaultCode || UNALLOCATED
  const toLines = (list: V | null | undefined): SplitLine[] =>
    (list ?? []).filter((l) => l.code !== fill).map((l) => ({ code: l.code, amount: amountText(l) }))
  const produce = (typed: readonly SplitLine[]) => produceWith(typed, defaultCode)
  const [lines, setLines] = useState<SplitLine[]>(() => toLines(stored))
  const [open, setOpen] = useState(false)
  // Here, not in the editor: Clear and the last line's Remove close the editor with themselves.
  const handOff = useFocusHandoff()
  // What this editor last put in the field: anything else there was put by a reload or a copy.
  const pushed = useRef(keyOf(stored))
  const push = (next: V | undefined) => {
    pushed.current = keyOf(next)
    onChange(next)
  }
  const update = (next: SplitLine[]) => {
    setLines(next)
    push(produce(next))
  }
  const storedKey = keyOf(stored)
  useEffect(() => {
    if (storedKey !== pushed.current) {
      pushed.current = storedKey
      setLines(toLines(stored))
      return
    }
    if (follow === undefined) return
    // What the remainder follows changed (the day's times or break): the field follows it.
    const next = produce(lines)
    if (keyOf(next) !== pushed.current) push(next)
    // Only the field and what it follows drive this; the rest is read as it is now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey, follow])

  const active = codes.filter((c) => c.active && c.id !== fill)
  const choicesFor = (index: number): AllocationCode[] =>
    codes.filter(
      (c) =>
        c.id === lines[index]!.code ||
        (c.active && c.id !== fill && !lines.some((l, i) => i !== index && l.code === c.id)),
    )
  // Room for another line: at most five codes, the remainder's one among them.
  const room = lines.length < MAX_DAY_ALLOCATIONS - 1 && active.some((c) => !lines.some((l) => l.code === c.id))
  const showing = open || lines.length > 0 || (stored?.length ?? 0) > 0
  const nextCode = () => active.find((c) => !lines.some((l) => l.code === c.id))!.id
  return { lines, setLines, update, setOpen, showing, active, choicesFor, room, nextCode, user, fill, produce, handOff }
}

export type SplitLines = ReturnType<typeof useSplitLines>

/** Puts the focus on a line's amount once it is shown. */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus())

/** The id of the button that opens a closed split (`id`: the split's). */
const openButtonId = (id: string) => `${id}-open`

/** The closed split: one button that opens it with a first line (its amount takes the focus). */
export function SplitOpenButton({
  split,
  id,
  unit,
  label,
  ariaLabel,
  disabled,
  className,
}: {
  split: SplitLines
  id: string
  /** The suffix of the amount inputs' ids ('hours', 'percent'). */
  unit: string
  label: string
  ariaLabel?: string
  disabled?: boolean
  className?: string
}) {
  return (
    <div className={className}>
      <RowButton
        id={openButtonId(id)}
        variant="ghost"
        className="min-h-11 px-2 text-indigo-700"
        disabled={disabled}
        aria-expanded={false}
        aria-label={ariaLabel}
        onClick={() => {
          split.setOpen(true)
          split.setLines([{ code: split.active[0]!.id, amount: '' }])
          focusLater(`${id}-0-${unit}`)
        }}
      >
        {label}
      </RowButton>
    </div>
  )
}

/**
 * The open split: a line a code (a select, its amount, a remove button), what is left to the
 * remainder as the member types (announced politely), the form's check and the server's message,
 * then Add a line and Clear.
 */
export function SplitEditor({
  split,
  id,
  unit,
  legend,
  hint,
  codeLabel,
  amountLabel,
  amountInput,
  suffix,
  removeLabel,
  inactiveLabel,
  live,
  problem,
  message,
  disabled,
  addLabel,
  clearLabel,
  clearAriaLabel,
  className,
}: {
  split: SplitLines
  id: string
  unit: string
  legend: string
  hint?: string
  codeLabel: (n: number) => string
  amountLabel: (n: number) => string
  /** How the amount is typed (its input mode, bounds, step and width). */
  amountInput: Pick<ComponentProps<'input'>, 'inputMode' | 'min' | 'max' | 'step' | 'className'>
  /** Shown after each amount, for the eye only (the label says it). */
  suffix?: string
  removeLabel: (name: string) => string
  inactiveLabel: (name: string) => string
  live: ReactNode
  problem: string | null
  message?: string
  disabled?: boolean
  addLabel: string
  clearLabel: string
  clearAriaLabel?: string
  className?: string
}) {
  const { lines, update } = split
  const liveId = useId()
  const nameOf = useCodeName()
  const described = [message ? `${id}-error` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ')
  const edit = (index: number, patch: Partial<SplitLine>) =>
    update(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)))
  return (
    <fieldset
      id={id}
      className={cn('space-y-2 rounded-md border border-slate-200 p-2 sm:p-3', className)}
      aria-describedby={liveId}
    >
      <legend className="px-1 text-sm font-medium text-slate-900">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {lines.map((line, index) => (
        <div key={index} className="flex items-center gap-2">
          <select
            id={`${id}-${index}-code`}
            aria-label={codeLabel(index + 1)}
            value={line.code}
            disabled={disabled}
            className={`${inputClasses} min-h-11 min-w-0 flex-1`}
            onChange={(e) => edit(index, { code: e.target.value })}
          >
            <ItemOptions items={split.choicesFor(index)} label={(c) => (c.active ? c.name : inactiveLabel(c.name))} />
          </select>
          <Input
            id={`${id}-${index}-${unit}`}
            aria-label={amountLabel(index + 1)}
            aria-invalid={problem || message ? true : undefined}
            aria-describedby={described || undefined}
            type="number"
            placeholder="0"
            value={line.amount}
            disabled={disabled}
            {...amountInput}
            className={cn('min-h-11 w-20 shrink-0 text-base', amountInput.className)}
            onChange={(e) => edit(index, { amount: e.target.value })}
          />
          {suffix ? (
            <span aria-hidden className="text-sm text-slate-700">
              {suffix}
            </span>
          ) : null}
          <RowButton
            variant="ghost"
            className="min-h-11 min-w-11 shrink-0"
            disabled={disabled}
            aria-label={removeLabel(nameOf(line.code))}
            onClick={() => {
              const next = lines.filter((_, i) => i !== index)
              // The last line's Remove goes with it (another's stays, on the line after): the line
              // before takes the focus, or with none left (the split closes) the button that opens it.
              if (index === lines.length - 1)
                split.handOff(() => document.getElementById(index ? `${id}-${index - 1}-${unit}` : openButtonId(id)))
              update(next)
              if (next.length === 0) split.setOpen(false)
            }}
          >
            <X aria-hidden className="size-4" />
          </RowButton>
        </div>
      ))}
      <p className="text-sm text-slate-700" id={liveId} aria-live="polite">
        {live}
      </p>
      <SplitFooter
        id={id}
        problem={problem}
        message={message}
        disabled={disabled}
        addLabel={addLabel}
        onAdd={
          split.room
            ? () => {
                update([...lines, { code: split.nextCode(), amount: '' }])
                focusLater(`${id}-${lines.length}-${unit}`)
              }
            : undefined
        }
        clearLabel={clearLabel}
        clearAriaLabel={clearAriaLabel}
        onClear={() => {
          split.handOff(openButtonId(id))
          update([])
          split.setOpen(false)
        }}
      />
    </fieldset>
  )
}
