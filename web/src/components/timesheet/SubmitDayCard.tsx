import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  clearedDayFields,
  dayPaidMinutes,
  nowHHMM,
  spanFields,
  spansAfterClockIn,
  spansAfterClockOut,
  type DayName,
  type TimesheetDays,
} from '@app/core'
import { formatHours } from '../../lib/format.ts'
import { formSpans, withOneSpan, withSpanTime } from '../../lib/day-spans.ts'
import { Button } from '../ui/Button.tsx'
import { CardContent, RegionCard } from '../ui/Card.tsx'

export interface SubmitDayCardProps {
  day: DayName
  date: string | null
  days: TimesheetDays
  disabled: boolean
  /** A submitted or approved week is only shown: no quick times offer to change it. */
  locked: boolean
  timeZone: string
  onFill: (values: Partial<TimesheetDays>) => void
  children: ReactNode
}

/** One day: a quick time helper, then its fields (Start Time, End Time and 'What did you do today?'). */
export function SubmitDayCard({ day, date, days, disabled, locked, timeZone, onFill, children }: SubmitDayCardProps) {
  const { t } = useTranslation('staff')
  const label = t(`common:days.${day}`)
  // Mid-sentence a day is written as the language writes it there ('el lunes', not 'el Lunes').
  const inSentence = t(`common:weekdays.${day}`)
  const titleId = `${day}-title`
  // The spans' sum minus the break.
  const hours = dayPaidMinutes(days, day) / 60
  const now = () => nowHHMM(new Date(), timeZone)
  // 'Start now' and 'End now' work as the timer's Clock In and Clock Out when they can (a second
  // range after a finished one, the running range's end), else set the first start or the last end.
  const startNow = () => {
    const spans = spansAfterClockIn(days, day, now())
    return spans ? spanFields(day, spans) : withSpanTime(days, day, 0, 'start', now())
  }
  const endNow = () => {
    const spans = spansAfterClockOut(days, day, now())
    return spans ? spanFields(day, spans) : withSpanTime(days, day, formSpans(days, day).length - 1, 'end', now())
  }
  const quick = [
    {
      text: t('quick.nineToFive'),
      name: t('quick.nineToFiveName', { day: inSentence }),
      fill: withOneSpan(day, '09:00', '17:00'),
    },
    { text: t('quick.startNow'), name: t('quick.startNowName', { day: inSentence }), fill: startNow },
    { text: t('quick.endNow'), name: t('quick.endNowName', { day: inSentence }), fill: endNow },
    { text: t('quick.clear'), name: t('quick.clearName', { day: inSentence }), fill: clearedDayFields(day) },
  ]
  return (
    <RegionCard
      titleId={titleId}
      title={label}
      headerClassName="pb-3 sm:pb-3"
      lineClassName="flex items-baseline justify-between gap-2"
      titleClassName="text-base"
      aside={
        <span className="text-sm text-slate-600">
          {date ? <span>{date} · </span> : null}
          {formatHours(hours)}
        </span>
      }
    >
      <CardContent className="space-y-3">
        {locked ? null : (
          <div role="group" aria-label={t('quick.group', { day: inSentence })} className="flex flex-wrap gap-2">
            {quick.map((q) => (
              <Button
                key={q.text}
                variant="secondary"
                size="sm"
                className="min-h-11"
                disabled={disabled}
                aria-label={`${q.text}: ${q.name}`}
                onClick={() => onFill(typeof q.fill === 'function' ? q.fill() : q.fill)}
              >
                {q.text}
              </Button>
            ))}
          </div>
        )}
        {children}
      </CardContent>
    </RegionCard>
  )
}
