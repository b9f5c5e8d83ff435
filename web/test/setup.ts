import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { resources } from '@app/i18n/resources'
import { initI18n } from '../src/i18n.ts'

// `toast` is a spy that still shows the toast, one for every file: the files share their worker's
// modules (isolate: false), so the components a file imported first must call the spy a later one
// checks. Its calls are forgotten after each test, so no test sees another's toasts.
vi.mock('../src/lib/toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/lib/toast.ts')>()
  // globalThis, not a variable of this file: vi.mock is hoisted above everything else here.
  const worker = globalThis as { toastSpy?: ReturnType<typeof vi.fn> }
  worker.toastSpy ??= vi.fn(actual.toast)
  return { ...actual, toast: worker.toastSpy }
})

afterEach(() => {
  cleanup()
  ;(globalThis as { toastSpy?: ReturnType<typeof vi.fn> }).toastSpy?.mockClear()
})

// A loaded two-core machine can take seconds to import and render a lazy page: findBy and waitFor
// wait up to 10 s (a passing test never waits longer than it needs).
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks the pointer-capture and scrolling methods that Radix primitives call.
const element = Element.prototype as Partial<Element>
element.hasPointerCapture ??= () => false
element.setPointerCapture ??= () => {}
element.releasePointerCapture ??= () => {}
element.scrollIntoView ??= () => {}

// Every catalogue up front, in English (the spec's texts): no namespace chunk to wait for.
initI18n('en', resources)
