import { lazy, useEffect, useState, type ComponentType } from 'react'

/**
 * A dialog whose code is not in its page's first script (issue 30: the dashboards' first load spent
 * its CPU on code for dialogs nobody had opened). The code is fetched once the browser is idle
 * after the page shows, or at the first open if that comes sooner; from the first open the dialog
 * stays mounted, so it opens and closes as any dialog does (focus goes back to what opened it).
 * Render `Component` inside a Suspense boundary, only while `useMounted(open)` is true.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed fetch (a dropped connection) is tried again at the next open.
        loading = undefined
        throw error
      },
    ))
  const Component = lazy(start)
  const useMounted = (open: boolean) => {
    const [mounted, setMounted] = useState(open)
    if (open && !mounted) setMounted(true)
    useEffect(() => {
      if (typeof requestIdleCallback !== 'function') return
      const id = requestIdleCallback(() => void start().catch(() => undefined))
      return () => cancelIdleCallback(id)
    }, [])
    return mounted
  }
  return { Component, useMounted }
}
