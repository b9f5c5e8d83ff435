import { describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { onPlan } from '../../test/support/test-plans.ts'
import getLogo from './get-logo.ts'
import getSettings from './get-settings.ts'
import updateSettings from './update-settings.ts'
import uploadLogo from './upload-logo.ts'

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`

/** PUT of the settings as the member behind `cookie`. */
const saveSettings = (cookie: string, body: Record<string, unknown>) =>
  callRoute(updateSettings, { cookies: [cookie], body })

describe('organization settings', () => {
  it('renames the organization and sets its time zone and week start', async () => {
    const { cookie } = await newOrganization()
    const res = await saveSettings(cookie, {
      organizationName: '  First Baptist Church  ',
      timeZone: 'America/Denver',
      weekStartDay: 'sunday',
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      organizationName: 'First Baptist Church',
      logoUrl: null,
      timeZone: 'America/Denver',
      weekStartDay: 'sunday',
      approvalEmails: true,
      clockOutLimitHours: 10,
      workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      setupGuide: {},
      firstSupervisor: true,
    })
    expect((await callRoute(getSettings, { cookies: [cookie] })).json.organizationName).toBe('First Baptist Church')
  })

  it('refuses an empty name, an unknown zone and a logo address that is not https', async () => {
    const { cookie } = await newOrganization()
    const refused = { organizationName: ' ', timeZone: 'Mars/Olympus', logoUrl: 'javascript:alert(1)' }
    const res = await saveSettings(cookie, refused)
    expect(res.status).toBe(400)
    expect(res.json.fields).toEqual({
      organizationName: 'Organization name is required',
      timeZone: 'Use an IANA time zone like America/Chicago',
      logoUrl: 'Logo URL must start with https://',
    })
  })

  it('is for supervisors; staff can read the settings for the header', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    expect((await callRoute(getSettings, { cookies: [staff.cookie] })).status).toBe(200)
    expect((await saveSettings(staff.cookie, { organizationName: 'Mine' })).status).toBe(403)
    expect(
      (await callRoute(uploadLogo, { cookies: [staff.cookie], body: { dataUrl: dataUrl('image/png', PNG) } })).status,
    ).toBe(403)
  })

  it('needs a plan with custom branding for a logo', async () => {
    const { cookie, organization } = await newOrganization()
    await onPlan(organization.id, 'starter')
    const res = await saveSettings(cookie, { organizationName: 'Grace', logoUrl: 'https://example.org/logo.png' })
    expect(res.status).toBe(403)
    expect(res.json.message).toContain('Upgrade to Professional')
    expect(
      (await callRoute(uploadLogo, { cookies: [cookie], body: { dataUrl: dataUrl('image/png', PNG) } })).status,
    ).toBe(403)
    expect((await callRoute(getSettings, { cookies: [cookie] })).json.logoUrl).toBeNull()
  })
})

describe('logo upload', () => {
  it('stores a PNG checked by its bytes, even when it claims to be an SVG, and serves it', async () => {
    const { cookie } = await newOrganization()
    const res = await callRoute(uploadLogo, { cookies: [cookie], body: { dataUrl: dataUrl('image/svg+xml', PNG) } })
    expect(res.status).toBe(200)
    expect(res.json.logoUrl).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\/logo-[0-9a-f]{16}\.png$/)
    const [, , , orgId, file] = res.json.logoUrl.split('/')
    const link = await callRoute(getLogo, { params: { orgId, file } })
    expect(link.status).toBe(302)
    const image = await fetch(link.headers.location as string)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('refuses an SVG with script, a file that is not an image, and 3 MB, changing nothing', async () => {
    const { cookie } = await newOrganization()
    const cases: [string, string][] = [
      [
        dataUrl(
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ),
        'This SVG contains scripts or external references and cannot be used as a logo',
      ],
      [dataUrl('image/png', Buffer.from('just text')), 'Please select an image file'],
      [dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])), 'Please select an image under 2MB'],
      ['not a data url', 'Please select an image file'],
    ]
    for (const [url, message] of cases) {
      const res = await callRoute(uploadLogo, { cookies: [cookie], body: { dataUrl: url } })
      expect(res.status, message).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect((await callRoute(getSettings, { cookies: [cookie] })).json.logoUrl).toBeNull()
  })

  it("takes the spec's save, the logo as an embedded data string, and stores it as the upload does", async () => {
    const { cookie } = await newOrganization()
    const saved = await saveSettings(cookie, { organizationName: 'Grace', logoUrl: dataUrl('image/png', PNG) })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json.logoUrl).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\/logo-[0-9a-f]{16}\.png$/)
    const read = (await callRoute(getSettings, { cookies: [cookie] })).json
    expect(read).toMatchObject({ organizationName: 'Grace', logoUrl: saved.json.logoUrl })
    const [, , , orgId, file] = saved.json.logoUrl.split('/')
    const image = await fetch((await callRoute(getLogo, { params: { orgId, file } })).headers.location as string)
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
    // The same image again is the same file: nothing changes.
    expect(
      (await saveSettings(cookie, { organizationName: 'Grace', logoUrl: dataUrl('image/png', PNG) })).json,
    ).toEqual(saved.json)
  })

  it('refuses an embedded image that is not one, too large or on a plan without branding, and changes nothing', async () => {
    const { cookie, organization } = await newOrganization()
    const cases: [string, string][] = [
      [dataUrl('image/png', Buffer.from('just text')), 'Please select an image file'],
      [dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])), 'Please select an image under 2MB'],
      [dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])), 'Please select an image under 2MB'],
      ['data:image/png,not-base64', 'Please select an image file'],
    ]
    for (const [logoUrl, message] of cases) {
      const res = await saveSettings(cookie, { organizationName: 'Renamed', logoUrl })
      expect(res.status, message).toBe(400)
      expect(res.json).toMatchObject({ message, fields: { logoUrl: message } })
    }
    await onPlan(organization.id, 'starter')
    const unbranded = await saveSettings(cookie, { organizationName: 'Renamed', logoUrl: dataUrl('image/png', PNG) })
    expect(unbranded.status).toBe(403)
    expect((await callRoute(getSettings, { cookies: [cookie] })).json).toMatchObject({
      organizationName: organization.name,
      logoUrl: null,
    })
  })

  // Finding 5: every member's browser loads the stored logo address on each page.
  it("refuses a logo address that is not this organization's own upload or an https image, and changes nothing", async () => {
    const { cookie } = await newOrganization()
    const other = await newOrganization()
    const uploaded = await callRoute(uploadLogo, {
      cookies: [other.cookie],
      body: { dataUrl: dataUrl('image/png', PNG) },
    })
    expect(uploaded.status).toBe(200)
    const before = (await callRoute(getSettings, { cookies: [cookie] })).json
    for (const logoUrl of ['/api/logos/../logout', uploaded.json.logoUrl, '/api/logout', '/api/logos/']) {
      const res = await saveSettings(cookie, { organizationName: 'Changed', logoUrl })
      expect(res.status, logoUrl).toBe(400)
      expect(res.json.fields, logoUrl).toEqual({ logoUrl: 'Logo URL must start with https://' })
    }
    expect((await callRoute(getSettings, { cookies: [cookie] })).json).toEqual(before)

    const own = await callRoute(uploadLogo, { cookies: [cookie], body: { dataUrl: dataUrl('image/png', PNG) } })
    expect(own.json.logoUrl).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\/logo-[0-9a-f]{16}\.png$/)
    const kept = await saveSettings(cookie, { organizationName: 'Changed', logoUrl: own.json.logoUrl })
    expect(kept.status).toBe(200)
    expect(kept.json.logoUrl).toBe(own.json.logoUrl)
  })
})
