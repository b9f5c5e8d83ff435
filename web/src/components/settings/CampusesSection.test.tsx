import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Campus, CampusesUpdate } from '@app/core'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'
import '../../pages/SettingsPage.tsx'

afterEach(clearToasts)

const north: Campus = { id: 'north', name: 'North', address: '', active: true }
const south: Campus = { id: 'south', name: 'South', address: '', active: true }

/**
 * Settings → Campuses with a stored list and members; a PUT gives the campus-less members the one
 * named, unless `refuse` answers a refusal for it.
 */
const show = (
  stored: Campus[],
  members: { id: string; campusId?: string }[],
  refuse?: (update: CampusesUpdate) => { status: number; body: unknown } | undefined,
) => {
  let campuses = stored
  let people = members.map((m) => makeUser({ ...m, role: 'employee' }))
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser() },
    'GET /api/organization/campuses': () => ({ body: { campuses } }),
    'GET /api/employees': () => ({ body: people }),
    'PUT /api/organization/campuses': (init) => {
      const body = JSON.parse(String(init!.body)) as CampusesUpdate
      const refusal = refuse?.(body)
      if (refusal) return refusal
      campuses = body.campuses.map((c, i) => ({ ...c, id: c.id ?? `new-${i}` }))
      const start = campuses.find((c) => c.name === body.membersStartAt) ?? campuses.find((c) => c.active)
      people = people.map((p) => (p.campusId || !start ? p : { ...p, campusId: start.id }))
      return { body: { campuses } }
    },
  })
  renderApp('/settings/campuses')
  return { fetch, user: userEvent.setup() }
}
const sent = (fetch: ReturnType<typeof mockFetch>) =>
  writes(fetch).map(([, init]) => JSON.parse(String(init!.body)) as CampusesUpdate)

describe('Settings → Campuses: the members a church had before its campuses', () => {
  it('says, before the first campus is saved, that the members without one start at it, and names it in the PUT', async () => {
    const { fetch, user } = show([], [{ id: 'ana' }, { id: 'bea' }])
    await user.click(await screen.findByRole('button', { name: 'Add campus' }))
    const form = screen.getByRole('form', { name: 'Add campus' })
    await user.type(within(form).getByLabelText('Name'), 'North')
    expect(
      await within(form).findByText(
        'The church’s 2 members without a campus will start at this campus when you save it.',
      ),
    ).toBeTruthy()
    // An inactive first campus takes nobody: the note goes.
    await user.click(within(form).getByLabelText('Active: members can be given this campus'))
    expect(within(form).queryByText(/will start at this campus/)).toBeNull()
    await user.click(within(form).getByLabelText('Active: members can be given this campus'))
    await user.click(within(form).getByRole('button', { name: 'Add campus' }))
    await waitFor(() => expect(sent(fetch)).toHaveLength(1))
    expect(sent(fetch)[0]).toEqual({
      campuses: [{ name: 'North', address: '', active: true }],
      membersStartAt: 'North',
    })
    // Everyone has a campus now: nothing is flagged.
    await screen.findByText('North')
    await waitFor(() => expect(screen.queryByText(/no campus yet/)).toBeNull())
  })

  it('flags the members with no campus yet and moves them to the campus chosen', async () => {
    const { fetch, user } = show([north, south], [{ id: 'ana' }, { id: 'sol', campusId: 'south' }])
    const flag = await screen.findByRole('form', { name: '1 member has no campus yet.' })
    expect(within(flag).getByLabelText<HTMLSelectElement>('Give them the campus').value).toBe('North')
    await user.selectOptions(within(flag).getByLabelText('Give them the campus'), 'South')
    await user.click(within(flag).getByRole('button', { name: 'Move 1 member' }))
    await waitFor(() => expect(sent(fetch)).toEqual([{ campuses: [north, south], membersStartAt: 'South' }]))
    expect(await screen.findByText('1 member now belongs to South')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('form', { name: /no campus yet/ })).toBeNull())
  })

  it('shows nothing for a church whose members all have a campus', async () => {
    show([north], [{ id: 'ana', campusId: 'north' }])
    expect(await screen.findByText('North')).toBeTruthy()
    expect(screen.queryByText(/no campus yet/)).toBeNull()
  })
})

describe('Settings → Campuses: adding one', () => {
  /** Types `name` into a new campus's form and saves it: the form. */
  const add = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(await screen.findByRole('button', { name: 'Add campus' }))
    const form = within(screen.getByRole('form', { name: 'Add campus' }))
    await user.type(form.getByLabelText('Name'), name)
    await user.click(form.getByRole('button', { name: 'Add campus' }))
    return form
  }

  it('refuses a name the list already has before sending anything, on the Name field, focused', async () => {
    const { fetch, user } = show([north], [])
    const form = await add(user, 'north')
    expect(form.getByText('Each campus name once')).toBeTruthy()
    const name = form.getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(name)
    expect(form.queryByRole('alert')).toBeNull()
    expect(sent(fetch)).toEqual([])
  })

  it('shows the server’s refusal on the field it names, and one that names no field in the form', async () => {
    const { fetch, user } = show([north], [], (update) =>
      update.campuses[1]?.name === 'Central'
        ? {
            status: 400,
            body: { message: 'Each campus name once', fields: { 'campuses.1.name': 'Each campus name once' } },
          }
        : { status: 400, body: { message: 'At most 50 campuses' } },
    )
    const form = await add(user, 'Central')
    expect(await form.findByText('Each campus name once')).toBeTruthy()
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
    expect(form.queryByRole('alert')).toBeNull()
    // Editing the name clears its message; a refusal with no field is said in the form's alert line.
    await user.type(form.getByLabelText('Name'), ' West')
    expect(form.queryByText('Each campus name once')).toBeNull()
    await user.click(form.getByRole('button', { name: 'Add campus' }))
    expect((await form.findByRole('alert')).textContent).toBe('At most 50 campuses')
    expect(form.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false)
    expect(sent(fetch)).toHaveLength(2)
  })
})

describe('Settings → Campuses: the focus as the forms open and close', () => {
  it('goes to the form’s Name when Edit or Add opens it, and back to Edit or Add when it closes', async () => {
    const { user } = show([north, south], [])
    ;(await screen.findByRole('button', { name: 'Edit South' })).focus()
    await user.keyboard('{Enter}')
    const edit = within(screen.getByRole('form', { name: 'Edit South' }))
    expect(document.activeElement).toBe(edit.getByLabelText('Name'))
    edit.getByRole('button', { name: 'Cancel' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit South' }))

    screen.getByRole('button', { name: 'Add campus' }).focus()
    await user.keyboard('{Enter}')
    const add = within(screen.getByRole('form', { name: 'Add campus' }))
    expect(document.activeElement).toBe(add.getByLabelText('Name'))
    await user.keyboard('East{Enter}')
    expect(await screen.findByText('East')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add campus' }))
  })
})
