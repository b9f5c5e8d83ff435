import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ListRow, QueryContent, QueryList } from './QueryList.tsx'

interface Read {
  isLoading: boolean
  isPending: boolean
  error: Error | null
  refetch: () => Promise<unknown>
  data?: { name: string }
}
const idle: Read = { isLoading: false, isPending: false, error: null, refetch: vi.fn() }
const texts = { label: 'Kiosks', loading: 'Loading kiosks...', empty: 'No kiosks yet.', loadError: 'Could not load.' }
const showList = (query: Partial<Read>, items: readonly string[] | undefined) =>
  render(
    <QueryList query={{ ...idle, ...query }} items={items} {...texts}>
      {(item) => (
        <ListRow key={item} actions={<button type="button">Revoke {item}</button>}>
          <p>{item}</p>
        </ListRow>
      )}
    </QueryList>,
  )

describe('QueryList', () => {
  it('lists the items under its name, each with its actions', () => {
    showList({}, ['Hall', 'Lobby'])
    const list = screen.getByRole('list', { name: 'Kiosks' })
    expect(list.querySelectorAll('li')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Revoke Lobby' })).toBeTruthy()
  })

  it('says when there are none, and shows no list', () => {
    showList({}, [])
    expect(screen.getByText('No kiosks yet.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('says it is loading while the first read runs', () => {
    showList({ isLoading: true }, undefined)
    expect(screen.getByRole('status').textContent).toContain('Loading kiosks...')
  })

  it("announces a failed read with the server's message and reads again on Try again", async () => {
    const refetch = vi.fn()
    showList({ error: new Error('boom'), refetch }, undefined)
    expect(screen.getByRole('alert').textContent).toContain('Could not load.')
    await userEvent.click(screen.getByRole('button', { name: /try again/i }))
    expect(refetch).toHaveBeenCalledOnce()
  })
})

describe('QueryContent', () => {
  const show = (query: Partial<Read>) =>
    render(
      <QueryContent
        query={{ ...idle, data: undefined, ...query }}
        loading="Loading..."
        loadError="Could not load the settings."
      >
        {(data) => <p>Form for {data.name}</p>}
      </QueryContent>,
    )

  it('shows what is made of the data once read', () => {
    show({ data: { name: 'Grace Chapel' } })
    expect(screen.getByText('Form for Grace Chapel')).toBeTruthy()
  })

  it('says it is loading while pending, then a failure with a way to try again', () => {
    const { unmount } = show({ isPending: true })
    expect(screen.getByRole('status').textContent).toContain('Loading...')
    unmount()
    show({ error: new Error('boom') })
    expect(screen.getByRole('alert').textContent).toContain('Could not load the settings.')
  })
})
