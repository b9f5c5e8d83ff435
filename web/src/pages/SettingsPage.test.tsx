import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LOGO_MAX_BYTES, type OrganizationSettings } from '@app/core'
import { toast } from '../lib/toast.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import './SettingsPage.tsx'
import { clearToasts, expectAccessDenied } from '../../test/toasts.ts'
import { PRODUCT_LOGO_URL } from '../lib/product.ts'

afterEach(clearToasts)

const initial: OrganizationSettings = {
  organizationName: 'Grace Chapel',
  logoUrl: 'https://cdn.example.org/grace.png',
  timeZone: 'America/Chicago',
  weekStartDay: 'monday',
  approvalEmails: true,
  clockOutLimitHours: 10,
}

type Routes = Parameters<typeof mockFetch>[0]

/** A settings endpoint with state: PUT and the logo upload change what GET answers. */
const show = (extra: Routes = {}, role: 'supervisor' | 'employee' | 'volunteer' = 'supervisor') => {
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
  const rendered = renderApp('/settings')
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
    // The zone is shown by its familiar name (issue 18); the list is TimeZonePicker's own test.
    expect(field('Time zone').value).toBe('Central Time (US & Canada)')
    expect(field('Week starts on').value).toBe('monday')
    expect(field('Approval emails').checked).toBe(true)
    expect(
      within(field('Week starts on'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Monday', 'Sunday'])
    expect(field('Time zone').getAttribute('role')).toBe('combobox')
    expect(preview().getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe(
      'https://cdn.example.org/grace.png',
    )
    expect(preview().getByText('Grace Chapel')).toBeTruthy()
    expect(field('Upload Logo').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/svg+xml')
    // The header already shows the organization's own logo and name.
    expect(headerLogo(container)).toBe('https://cdn.example.org/grace.png')
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
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByText('Organization settings have been updated.')).toBeTruthy()
    expect(JSON.parse(String(calls(fetch, 'PUT')[0]![1]!.body))).toEqual({
      organizationName: 'Hope Church',
      logoUrl: null,
      timeZone: 'Europe/London',
      weekStartDay: 'sunday',
      approvalEmails: false,
    })
    const header = screen.getByRole('banner')
    await waitFor(() => expect(within(header).getByText('Hope Church')).toBeTruthy())
    expect(header.querySelector('img')?.getAttribute('src')).toBe(PRODUCT_LOGO_URL)
    // The form now holds the saved values, so Reset has nothing to undo.
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(true)
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
    // Issue 18: the field shows the uploaded file, not its internal path.
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
