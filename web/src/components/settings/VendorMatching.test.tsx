import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GustoMatchingView, QuickbooksMatching } from '@app/core'
import { makeIntegration, makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const quickbooks: QuickbooksMatching = {
  employees: [
    { id: '55', name: 'Ana Diaz', email: 'ana@grace.example' },
    { id: '56', name: 'Benjamin Okafor', email: null },
    { id: '57', name: 'Dana Reyes', email: null },
  ],
  classes: [
    { id: '7', name: 'General Fund' },
    { id: '8', name: 'Youth Grant' },
  ],
  members: [
    { memberId: 'ana', name: 'Ana Diaz', employeeId: '55', by: 'email' },
    { memberId: 'ben', name: 'Ben Okafor', employeeId: null, by: null },
    { memberId: 'cy', name: 'Cy Park', employeeId: null, by: null },
  ],
  codes: [
    { code: 'OPS', name: 'Operations', classId: '7' },
    { code: 'YTH', name: 'Youth', classId: null },
  ],
  payItems: [
    { id: '14594495', name: 'Regular Pay', type: 'HOURLY_PAY' },
    { id: '14594496', name: 'Overtime Pay', type: 'OVERTIME_PAY' },
    { id: '14594497', name: 'Vacation Pay', type: 'VACATION_PAY' },
  ],
  payItemsAvailable: true,
  payItemsVendorMessages: [],
  kinds: [
    { kind: 'regular', payItemId: '14594495' },
    { kind: 'overtime', payItemId: null },
    { kind: 'doubleTime', payItemId: null },
    { kind: 'vacation', payItemId: null },
    { kind: 'sick', payItemId: null },
    { kind: 'personal', payItemId: null },
    { kind: 'holiday', payItemId: null },
  ],
}

const gusto: GustoMatchingView = {
  employees: [
    { id: 'g-ana', name: 'Ana Diaz', email: null },
    { id: 'g-ben', name: 'Ben Okafor', email: null },
  ],
  policies: [
    { id: 'p-vac', name: 'Vacation Policy', policyType: 'vacation' },
    { id: 'p-hol', name: 'Holidays', policyType: null },
  ],
  members: [
    { memberId: 'ana', name: 'Ana Diaz', employeeId: 'g-ana', by: 'name' },
    { memberId: 'ben', name: 'Ben Okafor', employeeId: 'g-ben', by: 'chosen' },
  ],
  kinds: [
    { kind: 'vacation', policyId: 'p-vac', by: 'rule' },
    { kind: 'sick', policyId: null, by: null },
    { kind: 'personal', policyId: null, by: null },
    { kind: 'holiday', policyId: null, by: null },
  ],
}

const show = (path: string, routes: Parameters<typeof mockFetch>[0]) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
    'GET /api/organization/settings': { body: makeOrgSettings() },
    'GET /api/integrations': {
      body: {
        integrations: [makeIntegration('quickbooks'), makeIntegration('gusto'), makeIntegration('planning-center')],
      },
    },
    ...routes,
  })
  renderApp(path)
  return { fetch, user: userEvent.setup() }
}

/** After a save: says so, and answers what its one PUT sent. */
const savedBody = async (fetch: ReturnType<typeof mockFetch>) => {
  expect(await screen.findByText('Matching saved')).toBeTruthy()
  const puts = writes(fetch)
  expect(puts).toHaveLength(1)
  return JSON.parse(String(puts[0]![1]!.body)) as unknown
}

describe('VendorMatching', () => {
  it('lists who is matched and how, names the unmatched, and saves only the picks that changed', async () => {
    let current = quickbooks
    const { fetch, user } = show('/settings/integrations?match=quickbooks', {
      'GET /api/integrations/quickbooks/matching': () => ({ body: current }),
      'PUT /api/integrations/quickbooks/matching': () => {
        current = {
          ...quickbooks,
          members: quickbooks.members.map((m) => (m.memberId === 'ben' ? { ...m, employeeId: '56', by: 'chosen' } : m)),
          codes: quickbooks.codes.map((c) => (c.code === 'YTH' ? { ...c, classId: '8' } : c)),
        }
        return { body: current }
      },
    })
    // Opened by the address the Payroll page links to; Gusto's stays closed until asked.
    const form = within(await screen.findByRole('form', { name: 'Matching with QuickBooks Online' }))
    expect(screen.getByRole('button', { name: 'Match people for Gusto' }).getAttribute('aria-expanded')).toBe('false')
    // Planning Center sends no hours: nothing to match there.
    expect(screen.queryByRole('button', { name: /Match people for Planning Center/ })).toBeNull()
    expect(form.getByTestId('matching-quickbooks-unmatched').textContent).toBe(
      '2 members are not matched:Ben OkaforCy Park',
    )
    const ana = form.getByRole<HTMLSelectElement>('combobox', { name: 'QuickBooks Online employee for Ana Diaz' })
    expect(ana.value).toBe('55')
    expect(ana.closest('li')!.textContent).toContain('Matched by email')
    expect(optionTexts(ana)).toEqual(['Not matched', 'Ana Diaz · ana@grace.example', 'Benjamin Okafor', 'Dana Reyes'])
    const ben = form.getByRole<HTMLSelectElement>('combobox', { name: 'QuickBooks Online employee for Ben Okafor' })
    expect(ben.value).toBe('')
    expect(ben.closest('li')!.textContent).toContain('Not matched')
    const youth = form.getByRole<HTMLSelectElement>('combobox', { name: 'QuickBooks class for Youth (YTH)' })
    expect(form.getByRole<HTMLSelectElement>('combobox', { name: 'QuickBooks class for Operations (OPS)' }).value).toBe(
      '7',
    )

    await user.selectOptions(ben, '56')
    await user.selectOptions(youth, '8')
    await user.click(form.getByRole('button', { name: 'Save matching for QuickBooks Online' }))
    expect(await savedBody(fetch)).toEqual({
      members: { ben: '56' },
      codes: { YTH: '8' },
      payItems: {},
    })
    // The answer is the matching as kept now: Ben chosen, only Cy left.
    const after = within(await screen.findByRole('form', { name: 'Matching with QuickBooks Online' }))
    // Ben, beside the regular hours' pay type.
    expect(await after.findAllByText('Chosen by a supervisor')).toHaveLength(2)
    expect(after.getByTestId('matching-quickbooks-unmatched').textContent).toBe('1 member is not matched:Cy Park')
  })

  it('sends nothing when nothing changed, and says a refusal', async () => {
    const { fetch, user } = show('/settings/integrations?match=quickbooks', {
      'GET /api/integrations/quickbooks/matching': { body: quickbooks },
      'PUT /api/integrations/quickbooks/matching': {
        status: 400,
        body: { message: 'Unknown members: cy', fields: { members: 'Unknown members: cy' } },
      },
    })
    const form = within(await screen.findByRole('form', { name: 'Matching with QuickBooks Online' }))
    await user.click(form.getByRole('button', { name: 'Save matching for QuickBooks Online' }))
    expect(await screen.findByText('Nothing changed.')).toBeTruthy()
    expect(writes(fetch)).toHaveLength(0)
    await user.selectOptions(form.getByRole('combobox', { name: 'QuickBooks Online employee for Cy Park' }), '57')
    await user.click(form.getByRole('button', { name: 'Save matching for QuickBooks Online' }))
    expect((await form.findByRole('alert')).textContent).toContain('Unknown members: cy')
    expect(JSON.parse(String(writes(fetch)[0]![1]!.body))).toEqual({ members: { cy: '57' }, codes: {}, payItems: {} })
  })

  it("pairs each kind of pay with one of QuickBooks Payroll's pay types, and saves the changed ones", async () => {
    const { fetch, user } = show('/settings/integrations?match=quickbooks', {
      'GET /api/integrations/quickbooks/matching': { body: quickbooks },
      'PUT /api/integrations/quickbooks/matching': { body: quickbooks },
    })
    const form = within(await screen.findByRole('form', { name: 'Matching with QuickBooks Online' }))
    const group = within(form.getByRole('group', { name: 'Kinds of pay and QuickBooks pay types' }))
    // One picker per kind of pay a record can be, named as the payroll names it.
    expect(group.getAllByRole('combobox').map((c) => c.getAttribute('aria-label'))).toEqual([
      'QuickBooks pay type for Regular hours',
      'QuickBooks pay type for Overtime hours',
      'QuickBooks pay type for Double-time hours',
      'QuickBooks pay type for Vacation',
      'QuickBooks pay type for Sick',
      'QuickBooks pay type for Personal',
      'QuickBooks pay type for Holiday',
    ])
    const regular = group.getByRole<HTMLSelectElement>('combobox', { name: 'QuickBooks pay type for Regular hours' })
    expect(regular.value).toBe('14594495')
    expect(regular.closest('li')!.textContent).toContain('Chosen by a supervisor')
    expect(optionTexts(regular)).toEqual(['No pay type', 'Regular Pay', 'Overtime Pay', 'Vacation Pay'])
    await user.selectOptions(
      group.getByRole('combobox', { name: 'QuickBooks pay type for Overtime hours' }),
      '14594496',
    )
    await user.selectOptions(group.getByRole('combobox', { name: 'QuickBooks pay type for Vacation' }), '14594497')
    await user.selectOptions(regular, '')
    await user.click(form.getByRole('button', { name: 'Save matching for QuickBooks Online' }))
    expect(await savedBody(fetch)).toEqual({
      members: {},
      codes: {},
      payItems: { regular: null, overtime: '14594496', vacation: '14594497' },
    })
  })

  it('says why there are no pay types for a company without QuickBooks Payroll, in our words and QuickBooks’', async () => {
    show('/settings/integrations?match=quickbooks', {
      'GET /api/integrations/quickbooks/matching': {
        body: {
          ...quickbooks,
          payItems: [],
          payItemsAvailable: false,
          payItemsVendorMessages: ['This company does not use QuickBooks Payroll'],
          kinds: quickbooks.kinds.map((k) => ({ ...k, payItemId: null })),
        },
      },
    })
    const form = within(await screen.findByRole('form', { name: 'Matching with QuickBooks Online' }))
    const note = form.getByTestId('matching-quickbooks-pay-types-unavailable')
    expect(note.textContent).toContain('records are sent without a pay type')
    expect(note.textContent).toContain('QuickBooks Online said: This company does not use QuickBooks Payroll')
    expect(form.queryByRole('combobox', { name: /QuickBooks pay type for/ })).toBeNull()
  })

  it("matches Gusto's employees and its time-off policies to our kinds of leave", async () => {
    const { fetch, user } = show('/settings/integrations', {
      'GET /api/integrations/gusto/matching': { body: gusto },
      'PUT /api/integrations/gusto/matching': { body: gusto },
    })
    await user.click(await screen.findByRole('button', { name: 'Match people for Gusto' }))
    const form = within(await screen.findByRole('form', { name: 'Matching with Gusto' }))
    expect(form.getByTestId('matching-gusto-unmatched').textContent).toBe('Every member is matched.')
    expect(form.getByRole('combobox', { name: 'Gusto employee for Ben Okafor' }).closest('li')!.textContent).toContain(
      'Chosen by a supervisor',
    )
    const vacation = form.getByRole<HTMLSelectElement>('combobox', { name: 'Gusto policy for Vacation' })
    expect(vacation.value).toBe('p-vac')
    expect(vacation.closest('li')!.textContent).toContain('Matched by its type or name')
    await user.selectOptions(form.getByRole('combobox', { name: 'Gusto policy for Holiday' }), 'p-hol')
    await user.selectOptions(vacation, '')
    await user.click(form.getByRole('button', { name: 'Save matching for Gusto' }))
    expect(await savedBody(fetch)).toEqual({
      members: {},
      kinds: { vacation: null, holiday: 'p-hol' },
    })
  })
})
