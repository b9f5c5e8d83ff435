import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CheckboxRow } from './FormField.tsx'

describe('CheckboxRow', () => {
  it('names the box by its label alone and reads the hint as its description', async () => {
    const onChange = vi.fn()
    render(<CheckboxRow id="keep" checked={false} onChange={onChange} label="Keep me" hint="On your own phone" />)
    const box = screen.getByRole('checkbox', { name: 'Keep me', description: 'On your own phone' })
    await userEvent.click(screen.getByText('Keep me'))
    expect(onChange).toHaveBeenCalledWith(true)
    expect(box.getAttribute('aria-describedby')).toBe('keep-hint')
  })

  it('without a hint, has no description and passes name and disabled to the box', () => {
    render(<CheckboxRow id="active" name="active" checked disabled onChange={() => {}} label="Active" />)
    const box = screen.getByRole('checkbox', { name: 'Active' }) as HTMLInputElement
    expect(box.hasAttribute('aria-describedby')).toBe(false)
    expect([box.name, box.checked, box.disabled]).toEqual(['active', true, true])
  })

  it('shows its message, read after the hint, and marks the box invalid', () => {
    render(
      <CheckboxRow
        id="unpaid"
        checked={false}
        onChange={() => {}}
        label="Unpaid"
        hint="No pay"
        message="Not for staff"
      />,
    )
    const box = screen.getByRole('checkbox', { name: 'Unpaid', description: 'No pay Not for staff' })
    expect(box.getAttribute('aria-invalid')).toBe('true')
  })

  it('toggles from the 44 x 44 area around the box, once from the box, and not while held', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<CheckboxRow id="emails" checked onChange={onChange} label="Emails" />)
    const target = screen.getByTestId('emails-target')
    expect(target.className).toContain('size-11')
    await userEvent.click(target)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Emails' }))
    expect(onChange.mock.calls).toEqual([[false], [false]])
    rerender(<CheckboxRow id="emails" checked disabled onChange={onChange} label="Emails" />)
    await userEvent.click(target)
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})
