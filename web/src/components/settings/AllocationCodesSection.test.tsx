import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AllocationCode, AllocationCodesUpdate } from '@app/core'
import { makeCode } from '../../../test/allocation-fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { AllocationCodesSection } from './AllocationCodesSection.tsx'

const youth = makeCode('youth', 'Youth (Grant A)', {
  kind: 'fund',
  className: 'Youth',
  budgetHours: 30,
  from: '2026-09-01',
  to: '2027-08-31',
})

/** The section with an endpoint that keeps what is saved (new codes get an id) and remembers each PUT. */
const show = () => {
  let codes = [youth]
  const puts: AllocationCodesUpdate[] = []
  mockFetch({
    'GET /api/organization/allocation-codes': () => ({ body: { codes } }),
    'PUT /api/organization/allocation-codes': (init) => {
      const update = JSON.parse(String(init!.body)) as AllocationCodesUpdate
      puts.push(update)
      if (update.codes.some((c) => c.name === 'Missions'))
        return {
          status: 400,
          body: { message: 'Each name once', fields: { 'codes.1.name': 'Each name once' } },
        }
      codes = update.codes.map((c, i) => ({ ...c, id: c.id ?? `new-${i}` }) as AllocationCode)
      return { body: { codes } }
    },
  })
  renderApp('/', <AllocationCodesSection />)
  return { puts }
}

describe('Settings → Ministries and funds', () => {
  it('lists the codes and adds one, sending the whole list with the stored codes as they are', async () => {
    const { puts } = show()
    const user = userEvent.setup()
    const list = within(await screen.findByRole('list', { name: 'Ministries and funds' }))
    expect(list.getByText('QuickBooks class: Youth')).toBeTruthy()
    expect(list.getByText('Grant 2026-09-01 to 2027-08-31 · 30 budget hours')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Add ministry or fund' }))
    const form = within(screen.getByRole('form', { name: 'Add ministry or fund' }))
    await user.type(form.getByLabelText('Name'), 'Administration')
    await user.click(form.getByRole('button', { name: 'Add ministry or fund' }))
    expect(await list.findByText('Administration')).toBeTruthy()
    expect(puts).toEqual([
      {
        codes: [
          youth,
          {
            name: 'Administration',
            kind: 'ministry',
            className: null,
            costNumber: null,
            from: null,
            to: null,
            budgetHours: null,
            active: true,
          },
        ],
      },
    ])
  })

  it('makes a code inactive instead of deleting it, and checks a grant’s dates before sending', async () => {
    const { puts } = show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit Youth (Grant A)' }))
    const form = within(screen.getByRole('form', { name: 'Edit Youth (Grant A)' }))
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull()
    await user.clear(form.getByLabelText('To'))
    await user.type(form.getByLabelText('To'), '2026-01-01')
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(form.getByText('The start date must not be after the end date')).toBeTruthy()
    expect(form.getByLabelText('To').getAttribute('aria-invalid')).toBe('true')
    expect(puts).toEqual([])

    await user.clear(form.getByLabelText('To'))
    await user.click(form.getByLabelText(/^Active/))
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Inactive')).toBeTruthy()
    expect(puts).toEqual([{ codes: [{ ...youth, to: null, active: false }] }])
  })

  it('keeps the focus with the person as Edit, Add, Cancel and Save come and go', async () => {
    show()
    const user = userEvent.setup()
    const focused = () => document.activeElement
    // Edit goes as its form opens: the form's Name takes the focus; Cancel gives it back to Edit.
    ;(await screen.findByRole('button', { name: 'Edit Youth (Grant A)' })).focus()
    await user.keyboard('{Enter}')
    let form = within(screen.getByRole('form', { name: 'Edit Youth (Grant A)' }))
    expect(focused()).toBe(form.getByLabelText('Name'))
    form.getByRole('button', { name: 'Cancel' }).focus()
    await user.keyboard('{Enter}')
    expect(focused()).toBe(screen.getByRole('button', { name: 'Edit Youth (Grant A)' }))
    // Saved, the form goes the same way.
    await user.keyboard('{Enter}')
    form = within(screen.getByRole('form', { name: 'Edit Youth (Grant A)' }))
    await user.type(form.getByLabelText('QuickBooks class name (optional)'), ' 2')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('QuickBooks class: Youth 2')).toBeTruthy()
    expect(focused()).toBe(screen.getByRole('button', { name: 'Edit Youth (Grant A)' }))
    // Add, and its Cancel.
    screen.getByRole('button', { name: 'Add ministry or fund' }).focus()
    await user.keyboard('{Enter}')
    form = within(screen.getByRole('form', { name: 'Add ministry or fund' }))
    expect(focused()).toBe(form.getByLabelText('Name'))
    form.getByRole('button', { name: 'Cancel' }).focus()
    await user.keyboard('{Enter}')
    expect(focused()).toBe(screen.getByRole('button', { name: 'Add ministry or fund' }))
  })

  it('shows the server’s message on the field of the code being added', async () => {
    show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add ministry or fund' }))
    const form = within(screen.getByRole('form', { name: 'Add ministry or fund' }))
    await user.type(form.getByLabelText('Name'), 'Missions')
    await user.click(form.getByRole('button', { name: 'Add ministry or fund' }))
    expect(await form.findByText('Each name once')).toBeTruthy()
    expect(form.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
  })

  it('refuses a name given twice before sending anything', async () => {
    const { puts } = show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add ministry or fund' }))
    const form = within(screen.getByRole('form', { name: 'Add ministry or fund' }))
    await user.type(form.getByLabelText('Name'), 'youth (grant a) ')
    await user.click(form.getByRole('button', { name: 'Add ministry or fund' }))
    expect(form.getByText('Each name once')).toBeTruthy()
    expect(puts).toEqual([])
  })

  it('keeps an ADP cost number on a code, checked before sending', async () => {
    const { puts } = show()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Edit Youth (Grant A)' }))
    const form = within(screen.getByRole('form', { name: 'Edit Youth (Grant A)' }))
    const cost = form.getByLabelText('ADP cost number (optional)')
    expect(cost.getAttribute('aria-describedby')).toContain('hint')
    await user.type(cost, '-100')
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(
      form.getByText(
        'Cost number must be at most 15 letters, digits, dashes or periods, starting with a letter or digit',
      ),
    ).toBeTruthy()
    expect(cost.getAttribute('aria-invalid')).toBe('true')
    expect(puts).toEqual([])

    await user.clear(cost)
    await user.type(cost, ' YTH-100 ')
    await user.click(form.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('ADP cost number: YTH-100')).toBeTruthy()
    expect(puts).toEqual([{ codes: [{ ...youth, costNumber: 'YTH-100' }] }])
  })
})
