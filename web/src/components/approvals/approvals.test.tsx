import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { todayIn, type ApprovalSettings, type User } from '@app/core'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const supervisorWith = (fields: Partial<User>) => makeUser({ role: 'supervisor', ...fields })
const grace = supervisorWith({ id: 'sup-1' })
const carl = supervisorWith({ id: 'sup-2', firstName: 'Carl', lastName: 'Worship' })
const southAdmin = supervisorWith({ id: 'sup-3', firstName: 'Sam', lastName: 'South', campusIds: ['south'] })
const members = [grace, carl, southAdmin, makeStaffMember()]
const sent = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }))

describe('Profile: away and delegate', () => {
  it('saves an away period with a delegate, shows it, and ends it', async () => {
    let me: User = grace
    const fetch = mockFetch({
      'GET /api/auth/user': () => ({ body: me }),
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC' } },
      'GET /api/employees': { body: members },
      'PUT /api/profile/away': (init) => {
        me = { ...me, away: JSON.parse(String(init!.body)) as User['away'] }
        return { body: me }
      },
      'DELETE /api/profile/away': () => {
        me = { ...me, away: null }
        return { body: me }
      },
    })
    const user = userEvent.setup()
    renderApp('/profile')
    const form = within(await screen.findByRole('form', { name: 'Away' }))
    const today = todayIn('UTC')
    expect((form.getByLabelText('First day away') as HTMLInputElement).value).toBe(today)
    // The delegate is another supervisor: never me, never staff, never one who reaches one campus of the church alone.
    const delegate = form.getByLabelText('Delegate') as HTMLSelectElement
    await waitFor(() => expect(optionTexts(delegate)).toEqual(['Choose a supervisor', 'Carl Worship']))
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(form.getByText('Choose another supervisor of your organization')).toBeTruthy()
    expect(sent(fetch, 'PUT')).toEqual([])

    await user.selectOptions(delegate, 'Carl Worship')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(sent(fetch, 'PUT')).toEqual([
        { url: '/api/profile/away', body: { from: today, to: today, delegateId: 'sup-2' } },
      ]),
    )
    expect(await screen.findByText(/Carl Worship decides for you/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'End Away' }))
    await waitFor(() => expect(sent(fetch, 'DELETE')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByText(/decides for you/)).toBeNull())
  })

  it("offers and names a campus admin the whole church's supervisors their member list leaves out", async () => {
    // Sam runs South; Paula and Wendy run the whole church but belong to North, so GET
    // /api/employees leaves them out; the approval settings name them.
    const paula = { id: 'sup-4', firstName: 'Paula', lastName: 'Whole' }
    const wendy = { id: 'sup-5', firstName: 'Wendy', lastName: 'Whole' }
    const sam = { ...southAdmin, campusId: 'south' }
    let me: User = sam
    const fetch = mockFetch({
      'GET /api/auth/user': () => ({ body: me }),
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC' } },
      'GET /api/employees': { body: [sam, makeStaffMember({ campusId: 'south' })] },
      'GET /api/organization/approvals': {
        body: {
          twoStep: false,
          finalApproverIds: [],
          supervisors: [wendy, paula, { id: sam.id, firstName: 'Sam', lastName: 'South', campusIds: ['south'] }],
        },
      },
      'PUT /api/profile/away': (init) => {
        me = { ...me, away: JSON.parse(String(init!.body)) as User['away'] }
        return { body: me }
      },
    })
    const user = userEvent.setup()
    renderApp('/profile')
    const form = within(await screen.findByRole('form', { name: 'Away' }))
    const delegate = form.getByLabelText('Delegate') as HTMLSelectElement
    await waitFor(() => expect(optionTexts(delegate)).toEqual(['Choose a supervisor', 'Paula Whole', 'Wendy Whole']))
    await user.selectOptions(delegate, 'Wendy Whole')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent(fetch, 'PUT')).toHaveLength(1))
    expect(sent(fetch, 'PUT')[0]!.body).toMatchObject({ delegateId: 'sup-5' })
    expect(await screen.findByText(/Wendy Whole decides for you/)).toBeTruthy()
  })

  it('is not offered to staff', async () => {
    mockFetch({
      'GET /api/auth/user': { body: makeStaffMember() },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    })
    renderApp('/profile')
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Away' })).toBeNull()
  })
})

describe('Settings: the second approval', () => {
  it('turns it on with final approvers, and needs at least one', async () => {
    let saved: ApprovalSettings = { twoStep: false, finalApproverIds: [] }
    const fetch = mockFetch({
      'GET /api/auth/user': { body: grace },
      'GET /api/organization/settings': {
        body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
      },
      'GET /api/employees': { body: members },
      'GET /api/organization/approvals': () => ({ body: saved }),
      'PUT /api/organization/approvals': (init) => {
        saved = JSON.parse(String(init!.body)) as ApprovalSettings
        return { body: saved }
      },
    })
    const user = userEvent.setup()
    renderApp('/settings/approvals')
    const region = within(await screen.findByRole('region', { name: 'Approvals' }))
    await user.click(await region.findByLabelText(/Require a second approval/))
    await user.click(region.getByRole('button', { name: 'Save Approvals' }))
    expect(region.getByText('Choose at least one final approver')).toBeTruthy()
    expect(sent(fetch, 'PUT')).toEqual([])

    // Final approvers finish every week: a campus admin is not offered.
    expect(region.queryByLabelText('Sam South')).toBeNull()
    expect(region.getByLabelText('Carl Worship')).toBeTruthy()
    await user.click(region.getByLabelText('Grace Hopper'))
    await user.click(region.getByRole('button', { name: 'Save Approvals' }))
    await waitFor(() =>
      expect(sent(fetch, 'PUT')).toEqual([
        { url: '/api/organization/approvals', body: { twoStep: true, finalApproverIds: ['sup-1'] } },
      ]),
    )
    expect(await screen.findByText('Approval settings have been saved.')).toBeTruthy()
  })

  it('says so and offers no change to a supervisor who is not a final approver while it is on', async () => {
    const fetch = mockFetch({
      'GET /api/auth/user': { body: carl },
      'GET /api/organization/settings': {
        body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
      },
      'GET /api/employees': { body: members },
      'GET /api/organization/approvals': { body: { twoStep: true, finalApproverIds: ['sup-1'] } },
    })
    renderApp('/settings/approvals')
    const region = within(await screen.findByRole('region', { name: 'Approvals' }))
    const note = await region.findByText(
      'Only a final approver can change the second approval. Ask one of them to change it.',
    )
    expect(region.getByRole('form', { name: 'Approvals' }).getAttribute('aria-describedby')).toBe(note.id)
    expect(region.getByLabelText(/Require a second approval/).matches(':disabled')).toBe(true)
    expect(region.getByLabelText('Grace Hopper').matches(':disabled')).toBe(true)
    expect(region.queryByRole('button', { name: 'Save Approvals' })).toBeNull()
    expect(sent(fetch, 'PUT')).toEqual([])
  })
})
