import { act } from '@testing-library/react'
import { vi } from 'vitest'
import { dismissToast, toast } from '../src/lib/toast.ts'

/**
 * For afterEach in a test file that mocks lib/toast.ts with a spy on `toast`: no toast left on
 * screen, the spy's calls forgotten, and no stubbed globals (fetch).
 */
export function clearToasts() {
  act(() => dismissToast())
  vi.mocked(toast).mockClear()
  vi.unstubAllGlobals()
}
