import type { MouseEvent } from 'react'
import { LogIn, LogOut, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button.tsx'
import { cn } from '../../lib/cn.ts'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { formatHours } from '../../lib/format.ts'
import { formatClock, type TimerView } from './clock.ts'

export interface DayTimerProps {
  /** 'Monday' ...: completes the buttons' accessible names ('Clock In Monday'). */
  dayLabel: string
  /** The day as written mid-sentence ('lunes' in Spanish): 'Tiempo trabajado el lunes'. */
  dayInSentence?: string
  /** The running span's start (the day's last span), shown as 'Clocked in since …'. */
  start: string
  view: TimerView
  /** The day's paid hours (its break deducted), shown beside the clock once the day has both times. */
  paidHours?: number | null
  /** A save is running: the buttons wait for it. */
  busy: boolean
  onClockIn: () => void
  onClockOut: () => void
  onReset: () => void
  className?: string
  /** Lets the 'What did you do?' prompt give the focus back to the clock's buttons. */
  id?: string
  /**
   * The id of the day's first time field, where the focus goes when Reset (which clears the day and
   * so goes away) had it; without it, or while it is not shown, the clock's first button.
   */
  resetFocusId?: string
}

/**
 * A day's clock (spec section 4): HH:MM:SS, with Clock In, Clock Out and Reset as the rules
 * allow. The clock itself is silent for screen readers (role timer); starts and stops are
 * announced by their toasts.
 */
export function DayTimer({
  dayLabel,
  dayInSentence = dayLabel,
  start,
  view,
  paidHours,
  busy,
  onClockIn,
  onClockOut,
  onReset,
  className,
  id,
  resetFocusId,
}: DayTimerProps) {
  const { t } = useTranslation('staff')
  const handOff = useFocusHandoff()
  const day = <span className="sr-only"> {dayLabel}</span>
  // Clock In and Clock Out are one button (one key; never shown together) whose label changes, so
  // the focus stays on it when it turns into the other rather than falling to the page.
  const actions = [
    {
      key: 'clock',
      shown: view.showClockIn,
      variant: 'success',
      icon: LogIn,
      text: t('timer.clockIn'),
      onClick: onClockIn,
    },
    {
      key: 'clock',
      shown: view.showClockOut,
      variant: 'destructive',
      icon: LogOut,
      text: t('timer.clockOut'),
      onClick: onClockOut,
    },
    {
      key: 'reset',
      shown: view.showReset,
      variant: 'outline',
      icon: RotateCcw,
      text: t('timer.reset'),
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        const clock = event.currentTarget.parentElement
        handOff(() => (resetFocusId ? document.getElementById(resetFocusId) : null) ?? clock?.querySelector('button'))
        onReset()
      },
    },
  ] as const
  return (
    <div
      id={id}
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-md p-2',
        view.running ? 'bg-green-50 ring-1 ring-green-200' : 'bg-slate-50',
        className,
      )}
    >
      <div className="min-w-0">
        <span className="sr-only">{t('timer.timeWorked', { day: dayInSentence })}</span>
        <span role="timer" className="block font-mono text-2xl font-semibold text-slate-900 tabular-nums">
          {formatClock(view.elapsed)}
        </span>
        {view.running ? (
          <span className="flex items-center gap-1.5 text-xs font-medium text-green-800">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-green-600" />
            {t('timer.since', { time: start })}
          </span>
        ) : paidHours !== undefined && paidHours !== null ? (
          <span className="block text-xs font-medium text-slate-700">
            {t('timer.paid', { hours: formatHours(paidHours) })}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {actions
          .filter((action) => action.shown)
          .map(({ key, variant, icon: Icon, text, onClick }) => (
            <Button key={key} variant={variant} onClick={onClick} disabled={busy}>
              <Icon aria-hidden /> {text}
              {day}
            </Button>
          ))}
      </div>
    </div>
  )
}
