import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from './Button.tsx'

/** A Save that runs until `finish` is called, in a form whose submits are counted. */
function SaveForm({ onSubmit }: { onSubmit: () => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
        setBusy(true)
      }}
    >
      <input aria-label="Name" />
      <Button type="submit" busy={busy} busyLabel="Saving...">
        Save
      </Button>
      <Button onClick={() => setBusy(false)}>Done</Button>
    </form>
  )
}

const state = (button: HTMLElement) => ({
  disabled: (button as HTMLButtonElement).disabled,
  ariaDisabled: button.getAttribute('aria-disabled'),
  ariaBusy: button.getAttribute('aria-busy'),
})

describe('Button', () => {
  it('keeps the focus through its own save: unavailable to presses and Enter, but not disabled', async () => {
    const submitted = vi.fn()
    const user = userEvent.setup()
    render(<SaveForm onSubmit={submitted} />)
    await user.tab()
    await user.tab()
    const save = screen.getByRole('button', { name: 'Save' })
    expect(document.activeElement).toBe(save)
    await user.keyboard('{Enter}')
    expect(submitted).toHaveBeenCalledTimes(1)

    const saving = screen.getByRole('button', { name: 'Saving...' })
    expect(saving).toBe(save)
    expect(document.activeElement).toBe(saving)
    expect(state(saving)).toEqual({ disabled: false, ariaDisabled: 'true', ariaBusy: 'true' })
    // Neither a second press nor Enter in the form's field submits again while it runs.
    await user.keyboard('{Enter}')
    await user.click(saving)
    await user.type(screen.getByLabelText('Name'), 'x{Enter}')
    expect(submitted).toHaveBeenCalledTimes(1)
    // The focus has moved on: now it is disabled.
    expect(state(saving)).toEqual({ disabled: true, ariaDisabled: null, ariaBusy: 'true' })
  })

  it('is disabled, not only marked, when it does not have the focus', () => {
    render(<Button disabled>Reset</Button>)
    expect(state(screen.getByRole('button', { name: 'Reset' }))).toEqual({
      disabled: true,
      ariaDisabled: null,
      ariaBusy: null,
    })
  })

  it('keeps the focus when it turns unavailable as it is pressed, and works again after', async () => {
    const pressed = vi.fn()
    function Reset() {
      const [left, setLeft] = useState(1)
      return (
        <>
          <Button
            disabled={left === 0}
            onClick={() => {
              pressed()
              setLeft(0)
            }}
          >
            Reset
          </Button>
          <Button onClick={() => setLeft(1)}>Change</Button>
        </>
      )
    }
    const user = userEvent.setup()
    render(<Reset />)
    const reset = screen.getByRole('button', { name: 'Reset' })
    reset.focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(reset)
    expect(reset.getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Enter}')
    expect(pressed).toHaveBeenCalledTimes(1)
    await act(async () => screen.getByRole('button', { name: 'Change' }).click())
    expect(state(reset)).toEqual({ disabled: false, ariaDisabled: null, ariaBusy: null })
    await user.keyboard('{Enter}')
    expect(pressed).toHaveBeenCalledTimes(2)
  })
})
