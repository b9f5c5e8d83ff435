import { act, screen } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { dismissToast, toast } from '../src/lib/toast.ts'

/**
 * For afterEach in a test file that checks toasts (`toast` is a spy in every file, test/setup.ts):
 * no toast left on screen, the spy's calls forgotten, and no stubbed globals (fetch).
 */
export function clearToasts() {
  act(() => dismissToast())
  vi.mocked(toast).mockClear()
  vi.unstubAllGlobals()
}

/** What a non-supervisor meets on a supervisors' page: the Access Denied page and its toast, saying `message`. */
export async function expectAccessDenied(message: string) {
  expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy()
  expect(screen.getAllByText(message).length).toBeGreaterThan(0)
  expect(toast).toHaveBeenCalledWith({ title: 'Access Denied', description: message, variant: 'destructive' })
}
