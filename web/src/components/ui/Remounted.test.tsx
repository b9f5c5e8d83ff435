import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Remounted } from './Remounted.tsx'

/** A form started again from each saved answer; its Save "saves" (a new version). */
function Saved({ withIds }: { withIds: boolean }) {
  const [version, setVersion] = useState(1)
  return (
    <>
      <button type="button">Outside</button>
      <Remounted version={version}>
        <form aria-label={`Version ${version}`}>
          <input aria-label="Name" id={withIds ? 'name' : undefined} />
          <button type="button" id={withIds ? 'save' : undefined} onClick={() => setVersion((v) => v + 1)}>
            Save
          </button>
        </form>
      </Remounted>
    </>
  )
}

describe('Remounted', () => {
  it.each([true, false])('gives the focus to the new Save after a remount (ids: %s)', async (withIds) => {
    render(<Saved withIds={withIds} />)
    const before = screen.getByRole('button', { name: 'Save' })
    act(() => before.focus())
    act(() => before.click())
    screen.getByRole('form', { name: 'Version 2' })
    const after = screen.getByRole('button', { name: 'Save' })
    expect(after).not.toBe(before)
    expect(document.activeElement).toBe(after)
  })

  it('moves no focus the person put elsewhere', () => {
    render(<Saved withIds />)
    act(() => screen.getByRole('button', { name: 'Save' }).focus())
    const outside = screen.getByRole('button', { name: 'Outside' })
    act(() => outside.focus())
    act(() => (document.getElementById('save') as HTMLButtonElement).click())
    screen.getByRole('form', { name: 'Version 2' })
    expect(document.activeElement).toBe(outside)
  })
})
