import { useSyncExternalStore } from 'react'

/** Spec section 9: one toast at a time, 5 s by default, dismissed ones removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds before it closes itself; default 5000. */
  duration?: number
}

export interface ToastItem extends ToastInput {
  id: number
  open: boolean
}

let toasts: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>()

const emit = (next: ToastItem[]) => {
  toasts = next
  for (const listener of listeners) listener()
}

const remove = (id: number) => {
  clearTimeout(removalTimers.get(id))
  removalTimers.delete(id)
  emit(toasts.filter((t) => t.id !== id))
}

/** Closes a toast (all of them without an id); it leaves the store after the removal delay. */
export function dismissToast(id?: number) {
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => remove(t.id), TOAST_REMOVE_DELAY_MS),
      )
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
}

/** Shows a toast from anywhere (components, mutation callbacks, plain functions). */
export function toast(input: ToastInput) {
  const id = nextId++
  const kept = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT)
  for (const dropped of toasts.filter((t) => !kept.some((k) => k.id === t.id))) {
    clearTimeout(removalTimers.get(dropped.id))
    removalTimers.delete(dropped.id)
  }
  emit(kept)
  return { id, dismiss: () => dismissToast(id) }
}

let shown: (() => void)[] = []

/**
 * Runs `then` once a toaster is on the page to show the toasts (at once if one is): the toasts'
 * code loads after the first paint, and a toast raised before a page is left must be seen first.
 */
export function whenToastsShow(then: () => void) {
  if (listeners.size > 0) then()
  else shown.push(then)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  const waiting = shown
  shown = []
  for (const then of waiting) then()
  return () => listeners.delete(listener)
}
const snapshot = () => toasts

/** The toasts to render, newest first (at most TOAST_LIMIT). */
export const useToasts = () => useSyncExternalStore(subscribe, snapshot, snapshot)
