import { lazy, useEffect, useState, type ComponentType } from 'react'
import { afterFirstScreen } from '../../lib/first-screen.ts'

/**
 * A dialog whose code is not in its page's first script (the dashboards' first load spent
 * its CPU on code for dialogs nobody had opened). The code is fetched at the first idle moment
 * after the first screen is done (lib/first-screen.ts: never in its chain of requests), or at the
 * first open if that comes sooner; from the first open the dialog
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
    useEffect(() => afterFirstScreen(() => void start().catch(() => undefined)), [])
    return mounted
  }
  return { Component, useMounted }
}
