import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from './Button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './Dialog.tsx'

/** A card with a list whose rows open one dialog; the dialog's Remove takes its row off the list. */
function List({ names }: { names: string[] }) {
  const [rows, setRows] = useState(names)
  const [open, setOpen] = useState<string | null>(null)
  return (
    <section aria-label="People">
      <Button>Filter</Button>
      <ul>
        {rows.map((name) => (
          <li key={name}>
            <Button onClick={() => setOpen(name)}>Open {name}</Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent>
          <DialogTitle>{open}</DialogTitle>
          <DialogDescription>One person</DialogDescription>
          <Button
            onClick={() => {
              setRows((all) => all.filter((n) => n !== open))
              setOpen(null)
            }}
          >
            Remove
          </Button>
        </DialogContent>
      </Dialog>
    </section>
  )
}

const openAndClose = async (user: ReturnType<typeof userEvent.setup>, name: string, how: 'Remove' | 'Escape') => {
  screen.getByRole('button', { name: `Open ${name}` }).focus()
  await user.keyboard('{Enter}')
  await screen.findByRole('dialog', { name })
  if (how === 'Escape') await user.keyboard('{Escape}')
  else await user.click(screen.getByRole('button', { name: 'Remove' }))
  expect(screen.queryByRole('dialog')).toBeNull()
}

describe('DialogContent', () => {
  it('gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup()
    render(<List names={['Ana', 'Ben']} />)
    await openAndClose(user, 'Ben', 'Escape')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Ben' }))
  })

  it('puts the focus on the list where its row was when the row has gone, else on its card', async () => {
    const user = userEvent.setup()
    render(<List names={['Ana', 'Ben']} />)
    await openAndClose(user, 'Ana', 'Remove')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Ben' }))
    // The last row gone: the card's first control, not the page's body.
    await openAndClose(user, 'Ben', 'Remove')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter' }))
  })
})
