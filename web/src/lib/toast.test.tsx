import { describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import { Toaster } from '../components/Toaster.tsx'
import { whenToastsShow } from './toast.ts'

describe('whenToastsShow', () => {
  it('waits for a toaster on the page (its code loads after the first paint), then runs at once', () => {
    const ran = vi.fn()
    whenToastsShow(ran)
    expect(ran).not.toHaveBeenCalled()
    const { unmount } = render(<Toaster />)
    expect(ran).toHaveBeenCalledOnce()
    whenToastsShow(ran)
    expect(ran).toHaveBeenCalledTimes(2)
    unmount()
    whenToastsShow(ran)
    expect(ran).toHaveBeenCalledTimes(2)
  })
})
