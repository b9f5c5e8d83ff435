import { useSyncExternalStore } from 'react'

/**
 * Whether the browser says it is online (it knows when there is no network at all; a network
 * that answers nothing shows up as a failed call instead, which the callers handle too).
 */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Re-renders when the connection comes or goes. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true)
