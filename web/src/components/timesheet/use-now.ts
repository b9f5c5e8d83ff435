import { useEffect, useState } from 'react'

/**
 * The current instant, refreshed every `intervalMs` and at once when the page becomes visible
 * again (a phone waking up), so clocks derived from it are right even after timers were paused.
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const tick = () => setNow(new Date())
    const id = setInterval(tick, intervalMs)
    // A new pace starts from a fresh instant: a clock that starts running (a minute's pace turned to a
    // second's) must not show the instant of the last slow tick.
    const fresh = setTimeout(tick, 0)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(id)
      clearTimeout(fresh)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [intervalMs])
  return now
}
