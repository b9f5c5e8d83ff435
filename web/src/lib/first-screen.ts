import type { QueryClient } from '@tanstack/react-query'

/**
 * When the first screen is done: the page has loaded, its reads have been quiet for a moment (the
 * session check's answer starts the first screen's reads a tick later) and it shows more than its
 * loading state (its code has arrived: the reads may well be back first). What no one needs yet
 * (the service worker, the dialogs' code) waits for it and then for an idle moment, so it never
 * competes with the first screen for the network or the CPU, nor comes before its largest paint
 *. Until main.tsx watches a client (and in tests), the first screen counts as done.
 */
let done: Promise<void> = Promise.resolve()

const QUIET_MS = 1000
/** How often, and how long at most, to look again for a page still showing its loading state (never forever: the service worker must come). */
const SHOWN_POLL_MS = 250
const SHOWN_WAIT_MS = 10_000

const stillLoading = () => document.querySelector('[data-page-loading]') !== null

export function watchFirstScreen(queryClient: QueryClient) {
  done = new Promise<void>((resolve) => {
    const whenQuiet = () => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const giveUpAt = Date.now() + SHOWN_WAIT_MS
      const settle = () => {
        if (queryClient.isFetching() > 0) return
        if (stillLoading() && Date.now() < giveUpAt) {
          timer = setTimeout(settle, SHOWN_POLL_MS)
          return
        }
        stop()
        resolve()
      }
      const check = () => {
        clearTimeout(timer)
        if (queryClient.isFetching() > 0) return
        timer = setTimeout(settle, QUIET_MS)
      }
      const stop = queryClient.getQueryCache().subscribe(check)
      check()
    }
    if (document.readyState === 'complete') whenQuiet()
    else addEventListener('load', whenQuiet, { once: true })
  })
}

/** Runs `task` at the first idle moment after the first screen; the answer cancels it. */
export function afterFirstScreen(task: () => void): () => void {
  let cancelled = false
  void done.then(() => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => cancelled || task(), { timeout: 5000 })
    else task()
  })
  return () => {
    cancelled = true
  }
}
