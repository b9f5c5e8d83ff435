import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { LOGO_MAX_BYTES, type OrganizationSettings } from '@app/core'
import { toast } from '../lib/toast.ts'
import { makeOrgSettings, makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { isUnavailable, optionTexts, renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import './SettingsPage.tsx'
import { clearToasts, expectAccessDenied } from '../../test/toasts.ts'
import { PRODUCT_LOGO_URL } from '../lib/product.ts'

afterEach(clearToasts)

const initial = makeOrgSettings({ logoUrl: 'https://cdn.example.org/grace.png' })

type Routes = Parameters<typeof mockFetch>[0]

/** A settings endpoint with state: PUT and the logo upload change what GET answers. */
const show = (
  extra: Routes = {},
  role: 'supervisor' | 'employee' | 'volunteer' = 'supervisor',
  path = '/settings/organization',
) => {
  let saved = { ...initial }
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role }) },
    'GET /api/organization/settings': () => ({ body: saved }),
    'PUT /api/organization/settings': (init) => {
      const body = JSON.parse(String(init!.body)) as OrganizationSettings
      saved = { ...saved, ...body }
      return { body: saved }
    },
    'POST /api/organization/logo': () => {
      saved = { ...saved, logoUrl: '/api/logos/org-1/logo-0123456789abcdef.png' }
      return { body: saved }
    },
    ...extra,
  })
  const user = userEvent.setup()
  const rendered = renderApp(path)
  return { fetch, user, ...rendered }
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls.filter(([, init]) => init?.method === method)

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement
const headerLogo = (container: HTMLElement) => container.querySelector('header img')?.getAttribute('src')
const preview = () => within(screen.getByTestId('logo-preview'))

const png = (bytes = 64) => new File([new Uint8Array(bytes).fill(1)], 'logo.png', { type: 'image/png' })

describe('SettingsPage', () => {
  it('shows the saved settings with a preview', async () => {
    const { container } = show()
    expect(await screen.findByRole('heading', { name: 'Organization Settings', level: 1 })).toBeTruthy()
    expect(field('Organization Name').value).toBe('Grace Chapel')
    expect(field('Logo URL (Optional)').value).toBe('https://cdn.example.org/grace.png')
    // The zone is shown by its familiar name; the list is TimeZonePicker's own test.
    expect(field('Time zone').value).toBe('Central Time (US & Canada)')
    expect(field('Week starts on').value).toBe('monday')
    expect(field('Approval emails').checked).toBe(true)
    expect(optionTexts(field('Week starts on'))).toEqual(['Monday', 'Sunday'])
    expect(field('Time zone').getAttribute('role')).toBe('combobox')
    expect(preview().getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe(
      'https://cdn.example.org/grace.png',
    )
    expect(preview().getByText('Grace Chapel')).toBeTruthy()
    expect(field('Upload Logo').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/svg+xml')
    // The header already shows the organization's own logo and name.
    expect(headerLogo(container)).toBe('https://cdn.example.org/grace.png')
  })

  it('previews the header with its subtitle in the page’s language, as the header shows it', async () => {
    await i18next.changeLanguage('es')
    try {
      show()
      expect(within(await screen.findByTestId('logo-preview')).getByText('Pastor Ejecutivo Virtual')).toBeTruthy()
      expect(screen.getByRole('banner').textContent).toContain('Pastor Ejecutivo Virtual')
    } finally {
      await i18next.changeLanguage('en')
    }
  })

  it('previews edits live and Reset goes back to the saved values', async () => {
    const { user } = show()
    await screen.findByLabelText('Organization Name')
    await user.clear(field('Organization Name'))
    await user.type(field('Organization Name'), 'Hope Church')
    await user.clear(field('Logo URL (Optional)'))
    await user.type(field('Logo URL (Optional)'), 'https://img.example.org/hope.svg')
    await user.selectOptions(field('Week starts on'), 'Sunday')
    await user.type(field('Time zone'), 'lond')
    await user.click(screen.getByRole('option', { name: /^London \(Europe\)/ }))
    expect(preview().getByText('Hope Church')).toBeTruthy()
    expect(preview().getByRole('img').getAttribute('src')).toBe('https://img.example.org/hope.svg')

    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(field('Organization Name').value).toBe('Grace Chapel')
    expect(field('Logo URL (Optional)').value).toBe('https://cdn.example.org/grace.png')
    expect(field('Week starts on').value).toBe('monday')
    expect(field('Time zone').value).toBe('Central Time (US & Canada)')
    expect(preview().getByText('Grace Chapel')).toBeTruthy()
    // Nothing is left to reset, and Reset keeps the focus: held, not disabled (a browser drops the
    // focus of a button that becomes disabled onto the page).
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement
    expect(document.activeElement).toBe(reset)
    expect(reset.getAttribute('aria-disabled')).toBe('true')
    expect(reset.disabled).toBe(false)
  })

  it('saves, says so, and the header follows', async () => {
    const { fetch, user } = show()
    await screen.findByLabelText('Organization Name')
    await user.clear(field('Organization Name'))
    await user.type(field('Organization Name'), '  Hope Church ')
    await user.click(screen.getByRole('button', { name: 'Remove logo' }))
    await user.selectOptions(field('Week starts on'), 'Sunday')
    await user.type(field('Time zone'), 'lond')
    await user.click(screen.getByRole('option', { name: /^London \(Europe\)/ }))
    await user.click(screen.getByLabelText('Approval emails'))
    // Sunday is a working day at a church: the calendar stops shading it.
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }))
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Organization settings have been updated.')).toBeTruthy()
    expect(JSON.parse(String(calls(fetch, 'PUT')[0]![1]!.body))).toEqual({
      organizationName: 'Hope Church',
      logoUrl: null,
      timeZone: 'Europe/London',
      weekStartDay: 'sunday',
      workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'sunday'],
      approvalEmails: false,
    })
    const header = screen.getByRole('banner')
    await waitFor(() => expect(within(header).getByText('Hope Church')).toBeTruthy())
    expect(header.querySelector('img')?.getAttribute('src')).toBe(PRODUCT_LOGO_URL)
    // The form now holds the saved values, so Reset has nothing to undo.
    expect(isUnavailable(screen.getByRole('button', { name: 'Reset' }))).toBe(true)
  })

  it('toggles Approval emails from the 44 x 44 area around the box', async () => {
    const { user } = show()
    await screen.findByLabelText('Organization Name')
    const target = screen.getByTestId('approvalEmails-target')
    expect(target.className).toContain('size-11')
    await user.click(target)
    expect(field('Approval emails').checked).toBe(false)
    await user.click(field('Approval emails'))
    expect(field('Approval emails').checked).toBe(true)
  })

  it('checks the name and the logo address before sending', async () => {
    const { fetch, user } = show()
    await screen.findByLabelText('Organization Name')
    await user.clear(field('Organization Name'))
    await user.clear(field('Logo URL (Optional)'))
    await user.type(field('Logo URL (Optional)'), 'http://insecure.example.org/logo.png')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(screen.getByText('Organization name is required')).toBeTruthy()
    expect(screen.getByText('Logo URL must start with https://')).toBeTruthy()
    expect(document.activeElement).toBe(field('Organization Name'))
    // A bad address is not previewed; the product logo stands in.
    expect(preview().getByRole('img').getAttribute('src')).toBe(PRODUCT_LOGO_URL)
    expect(calls(fetch, 'PUT')).toHaveLength(0)
  })

  it('shows the server’s refusal as it is, or the fallback', async () => {
    const branding =
      'Custom branding is not included in the Starter plan. Upgrade to Professional to use your own logo and name.'
    let answer: MockAnswer = { status: 403, body: { message: branding } }
    const { user } = show({ 'PUT /api/organization/settings': () => answer })
    await screen.findByLabelText('Organization Name')
    await user.clear(field('Logo URL (Optional)'))
    await user.type(field('Logo URL (Optional)'), 'https://img.example.org/new.png')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText(branding)).toBeTruthy()
    expect(toast).toHaveBeenLastCalledWith({ title: 'Error', description: branding, variant: 'destructive' })

    answer = { status: 500, body: '' }
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Failed to update organization settings')).toBeTruthy()
  })

  it('refuses a file of 2MB or more before sending it', async () => {
    const { fetch, user } = show()
    await screen.findByLabelText('Upload Logo')
    await user.upload(field('Upload Logo'), png(LOGO_MAX_BYTES + 1))
    expect(await screen.findByText('File too large')).toBeTruthy()
    expect(screen.getAllByText('Please select an image under 2MB').length).toBeGreaterThan(0)
    expect(toast).toHaveBeenCalledWith({
      title: 'File too large',
      description: 'Please select an image under 2MB',
      variant: 'destructive',
    })
    expect(calls(fetch, 'POST')).toHaveLength(0)
  })

  it('refuses a file that is not an image before sending it', async () => {
    const { fetch } = show()
    const user = userEvent.setup({ applyAccept: false })
    await screen.findByLabelText('Upload Logo')
    await user.upload(field('Upload Logo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Invalid file type')).toBeTruthy()
    expect(screen.getAllByText('Please select an image file').length).toBeGreaterThan(0)
    expect(calls(fetch, 'POST')).toHaveLength(0)
  })

  it('uploads a logo as a data URL; the preview, the field and the header show it', async () => {
    const { fetch, user, container } = show()
    await screen.findByLabelText('Upload Logo')
    await user.upload(field('Upload Logo'), png())
    expect(await screen.findByText('Logo Uploaded')).toBeTruthy()
    const [, init] = calls(fetch, 'POST').find(([url]) => String(url) === '/api/organization/logo')!
    const { dataUrl } = JSON.parse(String(init!.body)) as { dataUrl: string }
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true)
    expect(atob(dataUrl.split(',')[1]!)).toBe('\u0001'.repeat(64))

    const uploaded = '/api/logos/org-1/logo-0123456789abcdef.png'
    // The field shows the uploaded file, not its internal path.
    expect(field('Logo URL (Optional)').value).toBe('')
    expect(screen.getByTestId('uploaded-logo').querySelector('img')?.getAttribute('src')).toBe(uploaded)
    expect(preview().getByRole('img').getAttribute('src')).toBe(uploaded)
    await waitFor(() => expect(headerLogo(container)).toBe(uploaded))
  })

  it('shows the server’s reason when it refuses the bytes', async () => {
    const unsafe = 'This SVG contains scripts or external references and cannot be used as a logo'
    const { user } = show({
      'POST /api/organization/logo': { status: 400, body: { message: unsafe, fields: { dataUrl: unsafe } } },
    })
    await screen.findByLabelText('Upload Logo')
    await user.upload(
      field('Upload Logo'),
      new File(['<svg><script>alert(1)</script></svg>'], 'x.svg', { type: 'image/svg+xml' }),
    )
    expect(await screen.findByText('Invalid file type')).toBeTruthy()
    expect(screen.getAllByText(unsafe).length).toBeGreaterThan(0)
    expect(field('Logo URL (Optional)').value).toBe('https://cdn.example.org/grace.png')
  })

  it('turns a non-supervisor away: Access Denied, then / after 1 s', async () => {
    const started = performance.now()
    const { fetch } = show({}, 'volunteer')
    await expectAccessDenied('Only supervisors can access organization settings.')
    expect(screen.queryByLabelText('Organization Name')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 3000 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
    expect(calls(fetch, 'PUT')).toHaveLength(0)
  })
})

describe('Settings pages', () => {
  const nav = () => within(screen.getByRole('navigation', { name: 'Settings pages' }))
  const at = () => screen.getByTestId('location').textContent

  it('opens the Organization page at /settings, and lists every page', async () => {
    show({}, 'supervisor', '/settings')
    await waitFor(() => expect(at()).toBe('/settings/organization'))
    expect(await screen.findByLabelText('Organization Name')).toBeTruthy()
    expect(
      nav()
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Setup guide', '/settings/setup'],
      ['Organization', '/settings/organization'],
      ['Payroll', '/settings/payroll'],
      ['Time off', '/settings/time-off'],
      ['Ministries and funds', '/settings/ministries'],
      ['Campuses', '/settings/campuses'],
      ['Approvals', '/settings/approvals'],
      ['Notifications', '/settings/notifications'],
      ['Kiosks', '/settings/kiosks'],
      ['API', '/settings/api'],
      ['Webhooks', '/settings/webhooks'],
      ['Integrations', '/settings/integrations'],
      ['Data', '/settings/data'],
    ])
    expect(nav().getByRole('link', { name: 'Organization' }).getAttribute('aria-current')).toBe('page')
    // One page at a time: the payroll form is on its own page.
    expect(screen.queryByRole('region', { name: 'Payroll' })).toBeNull()
  })

  it.each([
    ['/settings#data', '/settings/data'],
    ['/settings#payroll', '/settings/payroll'],
    ['/settings#kiosk', '/settings/kiosks'],
    ['/settings#allocation-codes', '/settings/ministries'],
    ['/settings/nowhere', '/settings/organization'],
  ])('opens the page an old address names: %s', async (from, to) => {
    show({}, 'supervisor', from)
    await waitFor(() => expect(at()).toBe(to))
  })

  it.each([
    ['/settings', '/settings/campuses'],
    ['/settings/payroll', '/settings/campuses'],
    ['/settings#kiosk', '/settings/kiosks'],
  ])("gives a campus admin their own pages only, the church's being the whole church's: %s", async (from, to) => {
    const campusAdmin = makeUser({ role: 'supervisor', campusIds: ['campus-south'] })
    show(
      { 'GET /api/auth/user': { body: campusAdmin }, 'GET /api/campuses': { body: { campuses: [] } } },
      'supervisor',
      from,
    )
    await waitFor(() => expect(at()).toBe(to))
    expect(
      nav()
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      '/settings/campuses',
      '/settings/notifications',
      '/settings/kiosks',
      '/settings/api',
      '/settings/integrations',
    ])
    // No setup guide is theirs: the introduction does not send them to one.
    expect(screen.getByText('How your campuses work, one subject per page.')).toBeTruthy()
  })

  it('moves between pages by keyboard', async () => {
    const { user } = show()
    await screen.findByLabelText('Organization Name')
    nav().getByRole('link', { name: 'Payroll' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(at()).toBe('/settings/payroll'))
    expect(await screen.findByRole('region', { name: 'Payroll' })).toBeTruthy()
    expect(nav().getByRole('link', { name: 'Payroll' }).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByLabelText('Organization Name')).toBeNull()
  })
})

describe('Setup guide', () => {
  /** The guide's endpoint with state, as the server keeps it on the organization. */
  const guide = (progress: Record<string, string> = {}) => {
    let saved: Record<string, string> = { ...progress }
    const answer = () => ({ body: { ...initial, setupGuide: saved } })
    return {
      routes: {
        'GET /api/organization/settings': answer,
        'PUT /api/organization/setup-guide': (init: RequestInit | undefined) => {
          const { step, state } = JSON.parse(String(init!.body)) as { step: string; state: string }
          saved = { ...saved, [step]: state }
          return answer()
        },
      },
      saved: () => saved,
    }
  }
  const heading = () => screen.findByRole('heading', { level: 2, name: /^Step \d of 5:/ })

  it('walks the steps: skip one, finish another, and resumes at the first open step', async () => {
    const server = guide()
    const { user, fetch } = show(server.routes, 'supervisor', '/settings/setup')
    expect((await heading()).textContent).toBe('Step 1 of 5: Time zone and week')
    // The step shows the Organization page's own form.
    expect(screen.getByLabelText('Time zone')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Skip for now' }))
    await waitFor(async () => expect((await heading()).textContent).toBe('Step 2 of 5: Pay period'))
    expect(server.saved()).toEqual({ timeZone: 'skipped' })
    expect(document.querySelector('[data-step="timeZone"]')!.getAttribute('data-state')).toBe('skipped')
    expect(screen.getByText('0 of 5 steps done')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Done, next step' }))
    await waitFor(async () => expect((await heading()).textContent).toBe('Step 3 of 5: Members'))
    expect(screen.getByRole('link', { name: 'Add members on Employees' }).getAttribute('href')).toBe('/employees')
    expect(screen.getByText('1 of 5 steps done')).toBeTruthy()
    expect(JSON.parse(String(calls(fetch, 'PUT').at(-1)![1]!.body))).toEqual({ step: 'payPeriod', state: 'done' })
  })

  it('resumes from the progress the server kept, and opens a skipped step again', async () => {
    const server = guide({ timeZone: 'skipped', payPeriod: 'done', members: 'done' })
    const { user } = show(server.routes, 'supervisor', '/settings/setup')
    expect((await heading()).textContent).toBe('Step 4 of 5: Time off')
    await user.click(screen.getByRole('button', { name: /^1\. Time zone and week/ }))
    await waitFor(async () => expect((await heading()).textContent).toBe('Step 1 of 5: Time zone and week'))
    expect(screen.getByTestId('location').textContent).toBe('/settings/setup?step=timeZone')
    await user.click(screen.getByRole('button', { name: 'Done, next step' }))
    await waitFor(async () => expect((await heading()).textContent).toBe('Step 4 of 5: Time off'))
    expect(server.saved().timeZone).toBe('done')
  })

  it('says when every step is done or skipped', async () => {
    const server = guide({
      timeZone: 'done',
      payPeriod: 'done',
      members: 'skipped',
      timeOff: 'done',
      approvals: 'done',
    })
    show(server.routes, 'supervisor', '/settings/setup')
    expect(await screen.findByText(/^Setup is complete/)).toBeTruthy()
    expect(screen.getByText('4 of 5 steps done')).toBeTruthy()
  })
})
