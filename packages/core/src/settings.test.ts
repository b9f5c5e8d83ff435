import { describe, expect, it } from 'vitest'
import {
  isFirstSupervisor,
  logoUrlAllowed,
  OrganizationSettings,
  OrganizationSettingsUpdate,
  settingsOf,
  WORKING_DAYS_MESSAGE,
} from './settings.ts'
import { LOGO_DATA_URL_MAX, logoDataUrlProblem } from './logo-limits.ts'

const orgId = '0b6e3f2a-5c1d-4e8f-9a7b-123456789abc'
const own = `/api/logos/${orgId}/logo-0123456789abcdef.png`

describe('logoUrlAllowed', () => {
  it("allows this organization's uploaded logo, for each stored type, and https addresses", () => {
    for (const ext of ['png', 'jpg', 'webp', 'svg']) {
      expect(logoUrlAllowed(`/api/logos/${orgId}/logo-0123456789abcdef.${ext}`, orgId)).toBe(true)
    }
    expect(logoUrlAllowed('https://cdn.example.org/grace.png', orgId)).toBe(true)
    expect(logoUrlAllowed('HTTPS://cdn.example.org', orgId)).toBe(true)
  })

  it("refuses another organization's logo and any other path", () => {
    for (const url of [
      '/api/logos/../logout',
      '/api/logos/',
      '/api/logout',
      `/api/logos/0b6e3f2a-5c1d-4e8f-9a7b-000000000000/logo-0123456789abcdef.png`,
      `/api/logos/${orgId}/logo-0123456789abcdef.gif`,
      `/api/logos/${orgId}/logo-0123456789abcde.png`,
      `/api/logos/${orgId}/logo-0123456789abcdef.png?x`,
      `x/api/logos/${orgId}/logo-0123456789abcdef.png`,
      `/api/logos/${orgId}/../logo-0123456789abcdef.png`,
      `/api/logos/${orgId}/logo-0123456789ABCDEF.png`,
      'http://cdn.example.org/grace.png',
      'https://',
      'https:///path',
      'https://cdn.example.org/a b.png',
      'https://cdn.example.org/"onerror=x',
      'https://cdn.example.org\\@evil.example/x.png',
      ' https://cdn.example.org/x.png',
      'javascript:alert(1)',
      '//evil.example/x.png',
    ]) {
      expect(logoUrlAllowed(url, orgId), url).toBe(false)
    }
  })
})

describe('OrganizationSettingsUpdate', () => {
  const parse = (body: unknown) => OrganizationSettingsUpdate.safeParse(body)
  const fields = (body: unknown) => {
    const r = parse(body)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('trims the name and a logo address, and reads an empty address as no logo', () => {
    expect(parse({ organizationName: '  Grace  ', logoUrl: `  ${own} ` }).data).toEqual({
      organizationName: 'Grace',
      logoUrl: own,
    })
    expect(parse({ organizationName: 'Grace', logoUrl: '' }).data?.logoUrl).toBeNull()
    expect(parse({ organizationName: 'Grace', logoUrl: null }).data?.logoUrl).toBeNull()
    expect(
      parse({ organizationName: 'G', timeZone: 'America/Chicago', weekStartDay: 'sunday', approvalEmails: false }).data,
    ).toEqual({ organizationName: 'G', timeZone: 'America/Chicago', weekStartDay: 'sunday', approvalEmails: false })
  })

  it('refuses each field with its own message', () => {
    expect(fields({})).toEqual({ organizationName: 'Organization name is required' })
    expect(fields({ organizationName: ' ' })).toEqual({ organizationName: 'Organization name is required' })
    expect(fields({ organizationName: 'x'.repeat(100) })).toEqual({})
    expect(fields({ organizationName: 'x'.repeat(101) })).toEqual({
      organizationName: 'Organization name must be 100 characters or fewer',
    })
    expect(fields({ organizationName: 'G', logoUrl: '/api/logos/../logout' })).toEqual({
      logoUrl: 'Logo URL must start with https://',
    })
    expect(fields({ organizationName: 'G', logoUrl: `https://e.example/${'x'.repeat(2048)}` })).toMatchObject({
      logoUrl: 'Logo URL must be 2048 characters or fewer',
    })
    expect(fields({ organizationName: 'G', logoUrl: `https://e.example/${'x'.repeat(2048 - 18)}` })).toEqual({})
    expect(fields({ organizationName: 'G', logoUrl: 'ftp://e.example/logo.png' })).toEqual({
      logoUrl: 'Logo URL must start with https://',
    })
    expect(fields({ organizationName: 'G', approvalEmails: 'yes' })).toEqual({
      approvalEmails: 'approvalEmails must be true or false',
    })
    expect(fields({ organizationName: 'G', weekStartDay: 'friday', timeZone: 'Mars/Olympus' })).toEqual({
      weekStartDay: 'Weeks start on monday or sunday',
      timeZone: 'Use an IANA time zone like America/Chicago',
    })
  })
})

describe('a logo sent as the image itself', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo='
  const logoOf = (logoUrl: string) => OrganizationSettingsUpdate.safeParse({ organizationName: 'G', logoUrl })

  it('keeps a base64 data URL, of any length up to what 2 MB needs, for the server to check and store', () => {
    expect(logoOf(` ${png} `).data?.logoUrl).toBe(png)
    const longest = `data:image/png;base64,${'A'.repeat(LOGO_DATA_URL_MAX - 'data:image/png;base64,'.length)}`
    expect(logoOf(longest).data?.logoUrl).toBe(longest)
    expect(logoDataUrlProblem(longest)).toBeUndefined()
  })

  it('refuses one longer than 2 MB needs as too large, and one that is not base64 as not an image', () => {
    const tooLong = `${png}${'A'.repeat(LOGO_DATA_URL_MAX - png.length + 1)}`
    expect(logoOf(tooLong).error?.issues.map((i) => i.message)).toEqual(['Please select an image under 2MB'])
    for (const bad of [
      'data:image/png,iVBORw0KGgo=',
      'data:;base64,iVBORw0KGgo=',
      `${png}!`,
      'data:image/png;base64,',
    ]) {
      expect(
        logoOf(bad).error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['Please select an image file'])
      expect(logoDataUrlProblem(bad), bad).toBe('Please select an image file')
    }
  })
})

describe('settingsOf', () => {
  it('answers the settings under their API names', () => {
    const answer = settingsOf({
      name: 'Grace',
      logoUrl: null,
      timeZone: 'America/Chicago',
      weekStartDay: 'monday',
      approvalEmails: true,
    })
    expect(answer).toEqual({
      organizationName: 'Grace',
      logoUrl: null,
      timeZone: 'America/Chicago',
      weekStartDay: 'monday',
      approvalEmails: true,
      clockOutLimitHours: 10,
      workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      setupGuide: {},
    })
    expect(OrganizationSettings.parse(answer)).toEqual(answer)
    // The clock-out limit as Settings → Notifications saved it.
    const saved = { remindersEnabled: true, staffReminder: { day: 'friday', time: '16:00' } }
    const notifications = { ...saved, supervisorDigest: { day: 'monday', time: '09:00' }, forgottenTimerHours: 7 }
    expect(
      settingsOf({
        name: 'G',
        logoUrl: null,
        timeZone: 'UTC',
        weekStartDay: 'monday',
        approvalEmails: true,
        notifications,
      }).clockOutLimitHours,
    ).toBe(7)
  })
})

describe('working days', () => {
  const workingDays = (days: unknown) =>
    OrganizationSettingsUpdate.safeParse({ organizationName: 'Grace', workingDays: days })

  it('keeps the chosen days in week order from Monday, so an equal choice compares equal', () => {
    expect(workingDays(['sunday', 'tuesday', 'monday']).data?.workingDays).toEqual(['monday', 'tuesday', 'sunday'])
    expect(workingDays([]).data?.workingDays).toEqual([])
  })

  it('refuses a day twice, a day that is not one, or more than seven', () => {
    for (const days of [['monday', 'monday'], ['funday'], 'monday', [...Array(8)].map(() => 'monday')]) {
      const parsed = workingDays(days)
      expect(parsed.success, JSON.stringify(days)).toBe(false)
      expect(parsed.error!.issues.map((i) => [i.path[0], i.message])).toEqual([['workingDays', WORKING_DAYS_MESSAGE]])
    }
  })
})

describe('the first supervisor', () => {
  const member = { id: 'u1', createdAt: '2026-11-01T10:00:00.000Z', role: 'supervisor' }

  it('is the member who created the organization, when it says who', () => {
    expect(isFirstSupervisor({ createdBy: 'u1', createdAt: member.createdAt }, member)).toBe(true)
    expect(isFirstSupervisor({ createdBy: 'u2', createdAt: member.createdAt }, member)).toBe(false)
  })

  it('is the supervisor written with it in the first sign-in, for an organization that does not say', () => {
    expect(isFirstSupervisor({ createdAt: member.createdAt }, member)).toBe(true)
    expect(isFirstSupervisor({ createdAt: '2026-11-02T10:00:00.000Z' }, member)).toBe(false)
  })

  it('is never a member who is not a supervisor now', () => {
    expect(isFirstSupervisor({ createdBy: 'u1' }, { ...member, role: 'employee' })).toBe(false)
    expect(isFirstSupervisor({ createdAt: member.createdAt }, { ...member, role: 'volunteer' })).toBe(false)
  })

  it('is said to the member asking, and to no one else', () => {
    const org = {
      name: 'Grace',
      logoUrl: null,
      timeZone: 'UTC',
      weekStartDay: 'monday' as const,
      approvalEmails: true,
      createdBy: 'u1',
    }
    expect(settingsOf(org, member).firstSupervisor).toBe(true)
    expect(settingsOf(org, { ...member, id: 'u2' }).firstSupervisor).toBe(false)
    expect('firstSupervisor' in settingsOf(org)).toBe(false)
  })
})
