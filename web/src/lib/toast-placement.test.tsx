import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { dismissToast, toast } from './toast.ts'
import { toastSide } from './toast-placement.ts'
import { Toaster } from '../components/Toaster.tsx'
import { Dialog, DialogContent, DialogTitle } from '../components/ui/Dialog.tsx'

afterEach(() => {
  act(() => dismissToast())
})

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
})

describe('toastSide', () => {
  // A 375 x 812 phone; the toast list is full width and 100 px tall.
  it('stays at the bottom when nothing is under it', () => {
    expect(toastSide([box(16, 300, 120, 44)], 375, 100, 375, 812)).toBe('bottom')
  })

  it('moves to the top when a dialog’s or form’s action is under the bottom spot', () => {
    expect(toastSide([box(16, 740, 160, 44), box(190, 740, 160, 44)], 375, 100, 375, 812)).toBe('top')
  })

  it('keeps the side that covers fewer actions when both would cover some', () => {
    expect(toastSide([box(320, 8, 44, 44), box(16, 740, 160, 44), box(190, 740, 160, 44)], 375, 100, 375, 812)).toBe(
      'top',
    )
    expect(toastSide([box(16, 8, 160, 44), box(190, 8, 160, 44), box(16, 740, 160, 44)], 375, 100, 375, 812)).toBe(
      'bottom',
    )
  })

  it('keeps clear of the action just pressed, whatever else it covers', () => {
    // Save, focused at the bottom of a long form whose day buttons fill the top.
    const save = box(16, 740, 343, 48)
    const dayButtons = [box(16, 8, 160, 44), box(190, 8, 160, 44)]
    expect(toastSide([...dayButtons, save], 375, 100, 375, 812, save)).toBe('top')
    expect(toastSide([...dayButtons, save], 375, 100, 375, 812)).toBe('bottom')
    // Pressed at the top, the toast stays at the bottom even over more actions.
    expect(toastSide([dayButtons[0]!, save, box(16, 700, 160, 44)], 375, 100, 375, 812, dayButtons[0])).toBe('bottom')
  })

  it('only counts actions across from the toast on a wide screen', () => {
    // A 384 px toast at the right of a 1280 px window; the Save button is on the left.
    expect(toastSide([box(40, 760, 160, 44)], 384, 100, 1280, 812)).toBe('bottom')
  })
})

function DialogWithToast() {
  const [open, setOpen] = useState(true)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Weekly Timesheet</DialogTitle>
        <button onClick={() => toast({ title: 'Timesheet Saved' })}>Save Timesheet</button>
      </DialogContent>
    </Dialog>
  )
}

describe('Escape with a toast over a dialog', () => {
  it('closes the dialog first, not the toast', async () => {
    const user = userEvent.setup()
    render(
      <>
        <DialogWithToast />
        <Toaster />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(screen.getByText('Timesheet Saved')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Timesheet Saved')).toBeTruthy()
    // With no dialog left, Escape closes the toast as before.
    screen.getByText('Timesheet Saved').closest('li')!.focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByText('Timesheet Saved')).toBeNull()
  })
})
