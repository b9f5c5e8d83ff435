import type { QueryClient } from '@tanstack/react-query'

/**
 * When the first screen is done: the page has loaded and its reads have been quiet for a moment
 * (the session check's answer starts the first screen's reads a tick later). What no one needs
 * yet (the service worker, the dialogs' code) waits for it and then for an idle moment, so it never
 * competes with the first screen for the network or the CPU (issue 30). Until main.tsx watches a
 * client (and in tests), the first screen counts as done.
 */
let done: Promise<void> = Promise.resolve()

const QUIET_MS = 1000

export function watchFirstScreen(queryClient: QueryClient) {
  done = new Promise<void>((resolve) => {
    const whenQuiet = () => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const check = () => {
        clearTimeout(timer)
        if (queryClient.isFetching() > 0) return
        timer = setTimeout(() => {
          if (queryClient.isFetching() > 0) return
          stop()
          resolve()
        }, QUIET_MS)
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
