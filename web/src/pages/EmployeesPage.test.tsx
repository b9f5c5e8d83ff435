import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '@app/core'
import { toast } from '../lib/toast.ts'
import { makeStaffMember, makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { optionTexts, renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import './EmployeesPage.tsx'
import { clearToasts, expectAccessDenied } from '../../test/toasts.ts'

afterEach(clearToasts)

const supervisor = makeUser({ id: 'sup-1', role: 'supervisor', username: null })
const staff = makeStaffMember()
const volunteer = makeUser({
  id: 'mem-2',
  firstName: 'Vera',
  lastName: 'Jones',
  email: 'vera@example.org',
  department: 'Youth',
  role: 'volunteer',
  username: 'vjones',
  authType: 'local',
})

type Routes = Parameters<typeof mockFetch>[0]

const show = (members: User[] | MockAnswer = [supervisor, staff, volunteer], extra: Routes = {}, me = supervisor) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/employees': Array.isArray(members) ? { body: members } : members,
    ...extra,
  })
  const user = userEvent.setup()
  const rendered = renderApp('/employees')
  return { fetch, user, ...rendered }
}

const posts = (fetch: ReturnType<typeof mockFetch>, method = 'POST') =>
  fetch.mock.calls.filter(([, init]) => init?.method === method)

const openAddDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Add Member' }))
  return screen.findByRole('dialog', { name: 'Add Member' })
}

const fillMember = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values = { first: 'Sam', last: 'Rivera', email: 'Sam.Rivera@Example.org ', department: 'Worship' },
) => {
  await user.type(within(dialog).getByLabelText('First Name'), values.first)
  await user.type(within(dialog).getByLabelText('Last Name'), values.last)
  await user.type(within(dialog).getByLabelText('Email'), values.email)
  await user.type(within(dialog).getByLabelText('Department'), values.department)
}

/** Fills the Add Member dialog and sends it, with the server answering `answer`; the dialog. */
const addMemberAnswered = async (answer: Routes[string]) => {
  const { user } = show(undefined, { 'POST /api/employees': answer })
  const dialog = await openAddDialog(user)
  await fillMember(user, dialog)
  await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))
  return { dialog, user }
}

/** The server's answer to adding a volunteer: the member with a login made for them. */
const addedVolunteer = {
  body: { ...volunteer, id: 'mem-5', temporaryCredentials: { username: 'vjones', password: 'Pw-9z!secret' } },
}

describe('EmployeesPage', () => {
  it('lists the members with their role, status and actions, and says where staff sign in', async () => {
    show()
    const table = await screen.findByRole('table', { name: 'Members' })
    expect(screen.getByRole('heading', { name: 'Member Management', level: 1 })).toBeTruthy()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const ada = rows[1]!
    expect(within(ada).getByText('Ada Lovelace')).toBeTruthy()
    expect(within(ada).getByText('ada@example.org')).toBeTruthy()
    expect(within(ada).getByText('Finance')).toBeTruthy()
    expect(within(ada).getByText('Staff Member')).toBeTruthy()
    expect(within(ada).getByText('Active')).toBeTruthy()
    expect(within(ada).getByText('AL')).toBeTruthy()
    expect(within(rows[2]!).getByText('Volunteer')).toBeTruthy()
    expect(within(rows[0]!).getByText('Supervisor')).toBeTruthy()
    // The signed-in supervisor cannot remove themselves.
    expect(within(rows[0]!).queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(within(ada).getByRole('button', { name: 'Remove Ada Lovelace' })).toBeTruthy()
    expect(screen.getByText(`${window.location.origin}/staff-login`)).toBeTruthy()
    // Phones get the same members as stacked cards.
    expect(within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(3)
  })

  it('offers the import from a file to the whole church’s supervisors only', async () => {
    const first = show()
    expect(await screen.findByRole('link', { name: 'Import from a file' })).toBeTruthy()
    first.unmount()
    show(undefined, { 'GET /api/campuses': { body: { campuses: [] } } }, { ...supervisor, campusIds: ['campus-south'] })
    await screen.findByRole('heading', { name: 'Member Management' })
    expect(screen.queryByRole('link', { name: 'Import from a file' })).toBeNull()
  })

  it('shows the loading state, then the empty state', async () => {
    let answer!: () => void
    show({ body: [], wait: new Promise<void>((r) => (answer = r)) })
    expect(await screen.findByText('Loading members...')).toBeTruthy()
    answer()
    expect(await screen.findByText('No members yet')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('adds a supervisor: says Supervisor added, and shows the login in the dialog only, never in a toast', async () => {
    const { user } = show(undefined, {
      'POST /api/employees': (init) => {
        const body = JSON.parse(String(init!.body)) as Record<string, string>
        const added = makeUser({ ...body, id: 'mem-8', username: 'srivera', authType: 'local' } as Partial<User>)
        return { body: { ...added, temporaryCredentials: { username: 'srivera', password: 'Xy7#long-Secret' } } }
      },
    })
    const dialog = await openAddDialog(user)
    await fillMember(user, dialog)
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Supervisor')
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))

    expect(await screen.findByRole('heading', { name: 'Supervisor Added' })).toBeTruthy()
    expect(screen.getByTestId('new-member-username').textContent).toBe('srivera')
    expect(screen.getByTestId('new-member-password').textContent).toBe('Xy7#long-Secret')
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Supervisor added. Their login is shown in this dialog, once.',
    })
    // The password appears once on the screen: in the dialog, not in a toast or its announcement.
    expect(screen.getAllByText('Xy7#long-Secret', { exact: false })).toHaveLength(1)
    expect(screen.queryByText(/Staff member added/)).toBeNull()
  })

  it('checks the form with the spec’s messages and sends nothing until it is valid', async () => {
    const { fetch, user } = show()
    const dialog = await openAddDialog(user)
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))
    expect(within(dialog).getByText('First name is required')).toBeTruthy()
    expect(within(dialog).getByText('Last name is required')).toBeTruthy()
    expect(within(dialog).getByText('Valid email is required')).toBeTruthy()
    expect(within(dialog).getByText('Department is required')).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByLabelText('First Name'))
    expect(within(dialog).getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true')

    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))
    expect(within(dialog).getByText('Valid email is required')).toBeTruthy()
    expect(posts(fetch)).toHaveLength(0)
  })

  it('adds a member, shows the credentials once in the dialog and in a 10 s toast', async () => {
    let list = [supervisor, staff]
    const { fetch, user } = show(undefined, {
      'GET /api/employees': () => ({ body: list }),
      'POST /api/employees': (init) => {
        const body = JSON.parse(String(init!.body)) as Record<string, string>
        const added = makeUser({ ...body, id: 'mem-9', username: 'srivera', authType: 'local' } as Partial<User>)
        list = [...list, added]
        return { body: { ...added, temporaryCredentials: { username: 'srivera', password: 'Xy7#long-Secret' } } }
      },
    })
    const dialog = await openAddDialog(user)
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('employee')
    expect(optionTexts(within(dialog).getByLabelText('Role'))).toEqual(['Staff Member', 'Supervisor', 'Volunteer'])
    // The approver is the supervisor adding, unless they choose another (then it is sent).
    expect((within(dialog).getByLabelText('Approver') as HTMLSelectElement).value).toBe('sup-1')
    await fillMember(user, dialog)
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Volunteer')
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))

    expect(await screen.findByRole('heading', { name: 'Member Added' })).toBeTruthy()
    expect(JSON.parse(String(posts(fetch)[0]![1]!.body))).toEqual({
      firstName: 'Sam',
      lastName: 'Rivera',
      email: 'sam.rivera@example.org',
      department: 'Worship',
      role: 'volunteer',
    })
    expect(screen.getByTestId('new-member-username').textContent).toBe('srivera')
    expect(screen.getByTestId('new-member-password').textContent).toBe('Xy7#long-Secret')
    expect(await screen.findByText('Staff member added! Username: srivera, Password: Xy7#long-Secret')).toBeTruthy()
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Staff member added! Username: srivera, Password: Xy7#long-Secret',
      duration: 10_000,
    })

    await user.click(screen.getByRole('button', { name: 'Copy password' }))
    expect(await navigator.clipboard.readText()).toBe('Xy7#long-Secret')
    expect(screen.getByText('Copied')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Copy username' }))
    expect(await navigator.clipboard.readText()).toBe('srivera')

    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    const table = screen.getByRole('table', { name: 'Members' })
    expect(await within(table).findByText('Sam Rivera')).toBeTruthy()

    // Opening the dialog again starts from an empty form, not the old credentials.
    const again = await openAddDialog(user)
    expect((within(again).getByLabelText('First Name') as HTMLInputElement).value).toBe('')
    expect(within(again).queryByText('srivera')).toBeNull()
  })

  it('says the member was added when no credentials come back', async () => {
    await addMemberAnswered({ body: { ...staff, id: 'mem-3' } })
    expect(await screen.findByText('Staff member has been added successfully.')).toBeTruthy()
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Staff member has been added successfully.' })
    expect(screen.queryByRole('button', { name: 'Copy password' })).toBeNull()
  })

  it('maps a duplicate email to the spec’s toast and shows the server’s message under Email', async () => {
    const message = 'A member with this email already exists in this organization'
    const { dialog } = await addMemberAnswered({ status: 400, body: { message, fields: { email: message } } })
    expect(await screen.findByText('Staff Member Already Exists')).toBeTruthy()
    expect(screen.getByText('A staff member with this email address already exists in the system.')).toBeTruthy()
    expect(within(dialog).getByText(message)).toBeTruthy()
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    // The dialog stays open with what was typed.
    expect((within(dialog).getByLabelText('First Name') as HTMLInputElement).value).toBe('Sam')
  })

  it('maps any 400 to the duplicate toast, as the spec says', async () => {
    const { dialog } = await addMemberAnswered({
      status: 400,
      body: { message: 'Could not find a free username for this name' },
    })
    expect(await screen.findByText('Staff Member Already Exists')).toBeTruthy()
    // ...while the dialog still says what the server said.
    expect(within(dialog).getByRole('alert').textContent).toBe('Could not find a free username for this name')
  })

  it('maps any refusal saying "already exists" to the duplicate toast, whatever its status', async () => {
    await addMemberAnswered({ status: 409, body: { message: 'That member already exists' } })
    expect(await screen.findByText('Staff Member Already Exists')).toBeTruthy()
    expect(toast).toHaveBeenCalledWith({
      title: 'Staff Member Already Exists',
      description: 'A staff member with this email address already exists in the system.',
      variant: 'destructive',
    })
  })

  it('shows a plan limit refusal as it is, and a generic message when there is none', async () => {
    const limit = 'Your Starter plan allows up to 10 members. Upgrade to Professional to add more.'
    let answer: MockAnswer = { status: 402, body: { message: limit } }
    const { dialog, user } = await addMemberAnswered(() => answer)
    expect(await screen.findByText(limit, { selector: 'li *' })).toBeTruthy()
    expect(within(dialog).getByRole('alert').textContent).toBe(limit)
    expect(screen.queryByText('Staff Member Already Exists')).toBeNull()

    answer = { status: 500, body: '' }
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }))
    expect(await screen.findByText('Failed to add staff member', { selector: 'li *' })).toBeTruthy()
  })

  it('Add Another brings the form back with the focus on its first field', async () => {
    const { dialog, user } = await addMemberAnswered(addedVolunteer)
    await screen.findByRole('heading', { name: 'Member Added' })
    screen.getByRole('button', { name: 'Add Another' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(within(dialog).getByLabelText('First Name'))
  })

  it('copies sign-in instructions with the staff login address and username, never a password', async () => {
    // The supervisor has just seen the password...
    const { user } = await addMemberAnswered(addedVolunteer)
    // The form's buttons went with it: the login's title has the focus, at the top of what is new.
    const added = await screen.findByRole('heading', { name: 'Member Added' })
    expect(document.activeElement).toBe(added)
    await user.click(screen.getByRole('button', { name: 'Done' }))

    // ...but the mail icon's instructions do not carry it.
    const table = screen.getByRole('table', { name: 'Members' })
    await user.click(within(table).getByRole('button', { name: 'Copy login instructions for Vera Jones' }))
    expect(await screen.findByText('Instructions Copied')).toBeTruthy()
    const text = await navigator.clipboard.readText()
    expect(text).toContain(`${window.location.origin}/staff-login`)
    expect(text).toContain('Username: vjones')
    expect(text).toContain('Grace Chapel')
    expect(text).not.toContain('Pw-9z!secret')
  })

  it('asks before removing a member, then removes them', async () => {
    let list = [supervisor, staff, volunteer]
    const { fetch, user } = show(undefined, {
      'GET /api/employees': () => ({ body: list }),
      'DELETE /api/employees/mem-1': () => {
        list = list.filter((m) => m.id !== 'mem-1')
        return { status: 204 }
      },
    })
    const table = await screen.findByRole('table', { name: 'Members' })
    await user.click(within(table).getByRole('button', { name: 'Remove Ada Lovelace' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove Member?' })
    expect(within(confirm).getByText(/Ada Lovelace will no longer be able to sign in/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(posts(fetch, 'DELETE')).toHaveLength(0)

    await user.click(within(table).getByRole('button', { name: 'Remove Ada Lovelace' }))
    confirm = await screen.findByRole('alertdialog', { name: 'Remove Member?' })
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Employee has been removed.')).toBeTruthy()
    expect(posts(fetch, 'DELETE')).toHaveLength(1)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await waitFor(() => expect(within(table).queryByText('Ada Lovelace')).toBeNull())
  })

  it('gives the focus back to the button that opened Add Member or Remove, after Escape or Cancel', async () => {
    const { user } = show()
    const table = await screen.findByRole('table', { name: 'Members' })
    const add = await screen.findByRole('button', { name: 'Add Member' })
    await openAddDialog(user)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(add)

    // The confirmation stays mounted with the page: each opening has its own opener.
    for (const name of ['Remove Ada Lovelace', 'Remove Vera Jones']) {
      const remove = within(table).getByRole('button', { name })
      await user.click(remove)
      const confirm = await screen.findByRole('alertdialog', { name: 'Remove Member?' })
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      expect(document.activeElement).toBe(remove)
    }
  })

  it('shows the server’s reason when a removal is refused, or the fallback', async () => {
    let answer: MockAnswer = { status: 409, body: { message: 'An organization needs at least one supervisor' } }
    const { user } = show(undefined, { 'DELETE /api/employees/mem-1': () => answer })
    const table = await screen.findByRole('table', { name: 'Members' })
    await user.click(within(table).getByRole('button', { name: 'Remove Ada Lovelace' }))
    const confirm = await screen.findByRole('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('An organization needs at least one supervisor')).toBeTruthy()
    expect(screen.getByRole('alertdialog')).toBeTruthy()

    answer = { status: 500, body: '' }
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Failed to remove staff member')).toBeTruthy()
  })

  it("marks an unconfirmed email on the member's row and resends its confirmation", async () => {
    let answer: MockAnswer = { body: { ...staff, emailConfirmed: false } }
    const { user, fetch } = show([supervisor, { ...staff, emailConfirmed: false }, volunteer], {
      'POST /api/employees/mem-1/resend-confirmation': () => answer,
    })
    const table = await screen.findByRole('table', { name: 'Members' })
    const [, ada, vera] = within(table).getAllByRole('row').slice(1)
    expect(within(ada!).getByText('Waiting for email confirmation')).toBeTruthy()
    expect(within(vera!).queryByText('Waiting for email confirmation')).toBeNull()
    expect(within(vera!).queryByRole('button', { name: /Resend/ })).toBeNull()

    await user.click(within(ada!).getByRole('button', { name: 'Resend confirmation to Ada Lovelace' }))
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Confirmation Sent',
        description: 'A new confirmation link is on its way to ada@example.org.',
      }),
    )
    expect(posts(fetch).map(([url]) => String(url))).toEqual(['/api/employees/mem-1/resend-confirmation'])

    answer = { status: 429, body: { message: 'A confirmation email was sent a few minutes ago. Try again later.' } }
    await user.click(within(ada!).getByRole('button', { name: 'Resend confirmation to Ada Lovelace' }))
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Not Sent',
        description: 'A confirmation email was sent a few minutes ago. Try again later.',
        variant: 'destructive',
      }),
    )
  })

  it.each(['employee', 'volunteer'] as const)(
    'turns a non-supervisor (%s) away: Access Denied, then / after 500 ms',
    async (role) => {
      const started = performance.now()
      const { fetch } = show(undefined, {}, makeUser({ role }))
      await expectAccessDenied('Only supervisors can manage employees.')
      expect(screen.getByTestId('location').textContent).toBe('/employees')
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 3000 })
      expect(performance.now() - started).toBeGreaterThanOrEqual(500)
      expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/employees'))).toBe(false)
    },
  )
})
