import { LogIn, LogOut, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button.tsx'
import { cn } from '../../lib/cn.ts'
import { formatClock, type TimerView } from './clock.ts'

export interface DayTimerProps {
  /** 'Monday' ...: completes the buttons' accessible names ('Clock In Monday'). */
  dayLabel: string
  start: string
  view: TimerView
  /** A save is running: the buttons wait for it. */
  busy: boolean
  onClockIn: () => void
  onClockOut: () => void
  onReset: () => void
  className?: string
}

/**
 * A day's clock (spec section 4): HH:MM:SS, with Clock In, Clock Out and Reset as the rules
 * allow. The clock itself is silent for screen readers (role timer); starts and stops are
 * announced by their toasts.
 */
export function DayTimer({ dayLabel, start, view, busy, onClockIn, onClockOut, onReset, className }: DayTimerProps) {
  const { t } = useTranslation('staff')
  const day = <span className="sr-only"> {dayLabel}</span>
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-md p-2',
        view.running ? 'bg-green-50 ring-1 ring-green-200' : 'bg-slate-50',
        className,
      )}
    >
      <div className="min-w-0">
        <span className="sr-only">{t('timer.timeWorked', { day: dayLabel })}</span>
        <span role="timer" className="block font-mono text-2xl font-semibold text-slate-900 tabular-nums">
          {formatClock(view.elapsed)}
        </span>
        {view.running ? (
          <span className="flex items-center gap-1.5 text-xs font-medium text-green-800">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-green-600" />
            {t('timer.since', { time: start })}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {view.showClockIn ? (
          <Button variant="success" onClick={onClockIn} disabled={busy}>
            <LogIn aria-hidden /> {t('timer.clockIn')}
            {day}
          </Button>
        ) : null}
        {view.showClockOut ? (
          <Button variant="destructive" onClick={onClockOut} disabled={busy}>
            <LogOut aria-hidden /> {t('timer.clockOut')}
            {day}
          </Button>
        ) : null}
        {view.showReset ? (
          <Button variant="outline" onClick={onReset} disabled={busy}>
            <RotateCcw aria-hidden /> {t('timer.reset')}
            {day}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
