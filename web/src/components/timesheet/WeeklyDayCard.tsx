import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { dayFields, runningStart, type DayName } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { formatShortDate } from '../../lib/format.ts'
import { Badge } from '../ui/Badge.tsx'
import { ActivityPrompt } from './ActivityPrompt.tsx'
import { paidHoursOf, timerView } from './clock.ts'
import { DayTimer } from './DayTimer.tsx'
import { DayFields } from './TimesheetFields.tsx'
import type { useTimesheetEditor } from './use-timesheet-editor.ts'

/**
 * One day of the weekly dialog: its name and date (today marked, and focusable so the dialog opens
 * there), its timer, the 'What did you do?' its Clock Out asked, and its times and activity.
 */
export function WeeklyDayCard({
  day,
  date,
  today,
  now,
  timeZone,
  editor,
  editable,
  asking,
  onActivity,
  onCloseActivity,
  timer,
  bound,
}: {
  day: DayName
  date: string
  today: string
  now: Date
  timeZone: string
  editor: ReturnType<typeof useTimesheetEditor>
  editable: boolean
  /** Whether this day's Clock Out asked what was done. */
  asking: boolean
  onActivity: (activity: string) => Promise<boolean>
  onCloseActivity: () => void
  timer: { onClockIn: () => void; onClockOut: () => void; onReset: () => void }
  bound: Omit<ComponentProps<typeof DayFields>, 'day'>
}) {
  const { t } = useTranslation('staff')
  const { days, busy } = editor
  const f = dayFields(day)
  const view = timerView({ date, week: days, day, now, timeZone, editable })
  const titleId = `dialog-${day}-title`
  const label = t(`common:days.${day}`)
  const isToday = date === today
  return (
    <section
      aria-labelledby={titleId}
      data-today={isToday ? true : undefined}
      tabIndex={isToday ? -1 : undefined}
      className={cn(
        'space-y-3 rounded-lg border p-3 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
        isToday ? 'border-indigo-300 bg-indigo-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {label}
        </h3>
        <span className="flex items-center gap-2 text-sm text-slate-600">
          {isToday ? <Badge>{t('common:today')}</Badge> : null}
          {formatShortDate(date)}
        </span>
      </div>
      <DayTimer
        id={`dialog-${day}-timer`}
        dayLabel={label}
        dayInSentence={t(`common:weekdays.${day}`)}
        start={runningStart(days, day) ?? ''}
        view={view}
        paidHours={paidHoursOf(days, day)}
        busy={busy !== null}
        resetFocusId={`${bound.idPrefix ?? ''}${f.start}`}
        {...timer}
      />
      {asking && editable ? (
        <ActivityPrompt
          dayInSentence={t(`common:weekdays.${day}`)}
          activity={days[f.activity]}
          busy={busy !== null}
          onSave={onActivity}
          onClose={onCloseActivity}
          timerId={`dialog-${day}-timer`}
        />
      ) : null}
      <DayFields day={day} {...bound} />
    </section>
  )
}
