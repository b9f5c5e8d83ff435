import { Fragment, useEffect, useRef } from 'react'
import { CircleAlert, Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  breakField,
  breaksLongerThanShift,
  dayChecks,
  dayFields,
  LONG_DAY_MINUTES,
  MAX_BREAK_MINUTES,
  MAX_SPANS,
  spansField,
  type DayName,
  type TimesheetDays,
} from '@app/core'
import { formSpans, withSpanAdded, withSpanRemoved, withSpanTime } from '../../lib/day-spans.ts'
import { Button } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'

/** How the day fields and notes of both timesheet forms are bound to the editor's days. */
export interface BoundFields {
  days: TimesheetDays
  onChange: (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) => void
  /** Prefixes the ids, so the dialog's fields never share an id with the page's. */
  idPrefix?: string
  /** Gives each input a `name` (the page's form posts them by name). */
  named?: boolean
  /** The server's messages by field name (a 400's `fields`). */
  errors?: Record<string, string>
  disabled?: boolean
  readOnly?: boolean
}

export interface DayTimesProps extends BoundFields {
  day: DayName
}

/** A typed break: empty is no break; the schema of packages/core judges the rest (whole minutes, 0 to 720). */
const minutesOf = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed))

/**
 * A day's 'Start Time' and 'End Time' (spec section 2) and its unpaid break in minutes,
 * which says at once when it is longer than the shift. 'Add time range' gives the day a
 * second range (up to 4), each with its own 'Start Time 2' and 'End Time 2' and Remove; a day of
 * one range looks as before. The day's start is its first range's, its end its last range's: the
 * messages on those fields show on those inputs, the spans' on the day. An end on the next day and
 * a day over 12 hours are allowed as the spec counts them, but said.
 */
export function DayTimes({
  day,
  days,
  onChange,
  idPrefix = '',
  named,
  errors = {},
  disabled,
  readOnly,
}: DayTimesProps) {
  const { t } = useTranslation('staff')
  const f = dayFields(day)
  const spans = formSpans(days, day)
  const split = spans.length > 1
  // The input to focus once React has drawn it: a range just added, or the one before a removed one.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })
  const last = spans.length - 1
  const dayName = t(`common:days.${day}`)
  const setFields = (values: Partial<TimesheetDays>) => {
    for (const [field, value] of Object.entries(values))
      onChange(field as keyof TimesheetDays, value as TimesheetDays[keyof TimesheetDays])
  }
  const timeId = (i: number, part: 'start' | 'end') =>
    i === 0 ? `${idPrefix}${part === 'start' ? f.start : f.end}` : `${idPrefix}${spansField(day)}-${i}-${part}`
  const breakName = breakField(day)
  const minutes = days[breakName]
  const tooLong = breaksLongerThanShift(days).includes(day)
  const breakId = `${idPrefix}${breakName}`
  const breakMessage = errors[breakName] ?? (tooLong ? t('fields.breakTooLong', { day: dayName }) : undefined)
  const checks = dayChecks(days, day)
  const nextDayId = `${timeId(last, 'end')}-next-day`
  const longDayId = `${idPrefix}${day}-long-day`
  const nextDay = checks.includes('endsNextDay')
  const longDay = checks.includes('longDay')
  const spansMessage = errors[spansField(day)]
  const spansMessageId = `${idPrefix}${spansField(day)}-error`

  /** One time input of range `i`: the day's start message on the first start, its end message on the last end. */
  const time = (i: number, part: 'start' | 'end') => {
    const id = timeId(i, part)
    const message = part === 'start' ? (i === 0 ? errors[f.start] : undefined) : i === last ? errors[f.end] : undefined
    const describedBy = [
      message ? `${id}-error` : undefined,
      part === 'end' && i === last && nextDay ? nextDayId : undefined,
      part === 'end' && i === last && longDay ? longDayId : undefined,
      spansMessage ? spansMessageId : undefined,
    ]
      .filter(Boolean)
      .join(' ')
    const label = t(part === 'start' ? 'fields.startTime' : 'fields.endTime')
    return (
      <div key={part} className="min-w-0 space-y-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id}>{i === 0 ? label : t('fields.rangeTime', { label, n: i + 1 })}</Label>
          {part === 'end' && i === last && nextDay ? (
            <span id={nextDayId} className="text-xs font-semibold whitespace-nowrap text-indigo-800">
              {t('fields.nextDay')}
            </span>
          ) : null}
        </div>
        <Input
          id={id}
          name={named ? (split ? `${spansField(day)}[${i}].${part}` : part === 'start' ? f.start : f.end) : undefined}
          value={spans[i]![part]}
          onChange={(e) => setFields(withSpanTime(days, day, i, part, e.target.value))}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={message || spansMessage ? true : undefined}
          aria-describedby={describedBy || undefined}
          type="time"
          step={60}
          className="min-h-12 text-base"
        />
        {message ? <FieldMessage id={`${id}-error`}>{message}</FieldMessage> : null}
      </div>
    )
  }

  /** Range `i`'s Start Time and End Time. */
  const range = (i: number) => [time(i, 'start'), time(i, 'end')]
  const onRemove = (i: number) => {
    setFields(withSpanRemoved(days, day, i))
    focusNext.current = timeId(i - 1, 'end')
  }
  const onAdd = () => {
    setFields(withSpanAdded(days, day))
    focusNext.current = timeId(spans.length, 'start')
  }

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {range(0)}
        {/* A split day's first range has the row to itself, as each further one (beside its Remove). */}
        {split ? <div aria-hidden className="hidden sm:block" /> : null}
        {spans.slice(1).map((_, k) => {
          const i = k + 1
          return (
            <Fragment key={i}>
              {range(i)}
              {readOnly ? (
                <div aria-hidden className="hidden sm:block" />
              ) : (
                <div className="col-span-2 flex items-end justify-end sm:col-span-1 sm:justify-start">
                  <Button
                    variant="outline"
                    className="min-h-12"
                    disabled={disabled}
                    aria-label={t('fields.removeRange', { n: i + 1, day: dayName })}
                    onClick={() => onRemove(i)}
                  >
                    <X aria-hidden /> {t('fields.remove')}
                  </Button>
                </div>
              )}
            </Fragment>
          )
        })}
        {/* After the ranges (beside the only one, on a wide screen), in reading order everywhere. */}
        <div className="col-span-2 min-w-0 space-y-1.5 sm:col-span-1">
          <Label htmlFor={breakId}>{t('fields.break')}</Label>
          <Input
            id={breakId}
            name={named ? breakName : undefined}
            value={minutes ? String(minutes) : ''}
            onChange={(e) => onChange(breakName, minutesOf(e.target.value))}
            disabled={disabled}
            readOnly={readOnly}
            aria-invalid={breakMessage ? true : undefined}
            aria-describedby={breakMessage ? `${breakId}-error` : undefined}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_BREAK_MINUTES}
            step={1}
            placeholder="0"
            className="min-h-12 text-base"
          />
          {breakMessage ? <FieldMessage id={`${breakId}-error`}>{breakMessage}</FieldMessage> : null}
        </div>
      </div>
      {spansMessage ? <FieldMessage id={spansMessageId}>{spansMessage}</FieldMessage> : null}
      {!readOnly && spans.length < MAX_SPANS && (spans[last]!.start || spans[last]!.end) ? (
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          disabled={disabled}
          aria-label={t('fields.addRangeName', { day: dayName })}
          onClick={onAdd}
        >
          <Plus aria-hidden /> {t('fields.addRange')}
        </Button>
      ) : null}
      {longDay ? (
        <p id={longDayId} className="flex gap-2 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('fields.longDay', { hours: LONG_DAY_MINUTES / 60 })}</span>
        </p>
      ) : null}
    </>
  )
}
