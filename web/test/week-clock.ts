import { act } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { dismissToast } from '../src/lib/toast.ts'
import { WEDNESDAY_MORNING } from './timesheet-fixtures.ts'

type Clocks = NonNullable<NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake']>

/**
 * Called at the top of a test file about the staff's week: every test runs on WEDNESDAY_MORNING
 * with only `clocks` faked (promises, React Query and Testing Library keep real timeouts), and
 * leaves no toast, spy or stubbed global behind.
 */
export function onWednesdayMorning(clocks: Clocks = ['Date']) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: clocks })
    vi.setSystemTime(WEDNESDAY_MORNING)
  })
  afterEach(() => {
    act(() => dismissToast())
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}
