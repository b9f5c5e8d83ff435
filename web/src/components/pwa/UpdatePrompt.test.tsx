import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { UpdatePrompt } from './UpdatePrompt.tsx'
import { isUnavailable } from '../../../test/render.tsx'

describe('UpdatePrompt', () => {
  it('says nothing until a new version waits, then offers Reload and Later in a polite live region', async () => {
    const onUpdate = vi.fn()
    const onDismiss = vi.fn()
    const props = { updating: false, onUpdate, onDismiss }
    const { rerender } = render(<UpdatePrompt needRefresh={false} {...props} />)
    const live = screen.getByRole('status')
    expect(live.getAttribute('aria-live')).toBe('polite')
    expect(live.textContent).toBe('')

    rerender(<UpdatePrompt needRefresh {...props} />)
    expect(screen.getByRole('region', { name: 'A new version of the app is available.' })).toBeTruthy()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Later' }))
    expect(onDismiss).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onUpdate).toHaveBeenCalledOnce()

    rerender(<UpdatePrompt needRefresh {...props} updating />)
    expect(isUnavailable(screen.getByRole('button', { name: /Reloading/ }))).toBe(true)
  })
})
