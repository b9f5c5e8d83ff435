import { describe, expect, it } from 'vitest'
import { orgDb, REMEMBERED_IDLE_SECONDS, sessionHash, sessions } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute, sessionOf } from '../../test/support/test-event.ts'
import { addMemberThroughRoute, newOrganization, newStaffCredentials } from '../../test/support/test-identity.ts'
import getUser from '../auth/get-user.ts'
import resetPassword from '../members/reset-password.ts'
import staffLogin from '../staff/staff-login.ts'
import listTokens from '../tokens/list-tokens.ts'
import forgetDevice from './forget-device.ts'
import listDevices from './list-devices.ts'

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

/** A staff member of a new organization with their credentials, not signed in yet. */
const setup = async () => {
  const { organization, cookie: supervisor } = await newOrganization()
  const added = await addMemberThroughRoute(supervisor, { firstName: 'Ruth', lastName: 'Moss', department: 'Kitchen' })
  const credentials = added.json.temporaryCredentials as { username: string; password: string }
  const signIn = async (remember: boolean | undefined, userAgent: string) => {
    const res = await callRoute(staffLogin, {
      body: { ...credentials, ...(remember === undefined ? {} : { remember }) },
      headers: { 'user-agent': userAgent },
    })
    expect(res.status).toBe(200)
    return { cookie: sessionOf(res.cookies), setCookie: res.cookies.find((c) => c.startsWith('sid='))! }
  }
  return { organization, supervisor, member: added.json as { id: string }, signIn }
}

const signedIn = async (cookie: string) => (await callRoute(getUser, { cookies: [cookie] })).status === 200
const devicesOf = async (cookie: string) => (await callRoute(listDevices, { cookies: [cookie] })).json.devices

describe('Keep me signed in on this phone', () => {
  it('keeps a remembered phone for a year, lists it on the Profile, and leaves a spec sign-in as it was', async () => {
    const { signIn } = await setup()
    const phone = await signIn(true, PHONE)
    expect(phone.setCookie).toContain(`Max-Age=${365 * 24 * 3600}`)
    // A client that sends only the spec's username and password gets the ordinary session.
    const laptop = await signIn(undefined, LAPTOP)
    expect(laptop.setCookie).toContain(`Max-Age=${7 * 24 * 3600}`)
    expect((await signIn(false, LAPTOP)).setCookie).toContain(`Max-Age=${7 * 24 * 3600}`)

    const fromPhone = await devicesOf(phone.cookie)
    expect(fromPhone).toEqual([
      expect.objectContaining({ browser: 'Chrome', os: 'Android', current: true, id: expect.any(String) }),
    ])
    expect(fromPhone[0].lastUsedAt).toBe(fromPhone[0].createdAt)
    // The laptop's ordinary session is no remembered phone; it sees the phone, not as itself.
    expect(await devicesOf(laptop.cookie)).toEqual([{ ...fromPhone[0], current: false }])
  })

  it('stays signed in while used: each use (at most hourly) slides it 90 days on and is its last use', async () => {
    const { signIn } = await setup()
    const phone = await signIn(true, PHONE)
    const key = keys.session(sessionHash(phone.cookie.slice('sid='.length)))
    const now = Math.floor(Date.now() / 1000)
    // As if it was last used two weeks ago: past an ordinary session's 7 idle days, within 90.
    await table.update(key, {
      UpdateExpression: 'SET expire = :e, lastUsedAt = :u',
      ExpressionAttributeValues: { ':e': now + REMEMBERED_IDLE_SECONDS - 14 * 86400, ':u': '2026-01-02T03:04:05.000Z' },
    })
    expect(await signedIn(phone.cookie)).toBe(true)
    const item = await table.get(key)
    expect(Number(item!.expire)).toBeGreaterThanOrEqual(now + REMEMBERED_IDLE_SECONDS)
    const [device] = await devicesOf(phone.cookie)
    expect(device.lastUsedAt > '2026-01-02T03:04:05.000Z').toBe(true)
  })

  it('signs a phone out at once from another session, with its audit record, and only once', async () => {
    const { organization, member, signIn } = await setup()
    const phone = await signIn(true, PHONE)
    const laptop = await signIn(undefined, LAPTOP)
    const [device] = await devicesOf(laptop.cookie)

    const forgotten = await callRoute(forgetDevice, { cookies: [laptop.cookie], params: { id: device.id } })
    expect(forgotten.status).toBe(204)
    expect(forgotten.cookies).toEqual([]) // the laptop stays signed in
    expect(await signedIn(phone.cookie)).toBe(false)
    expect(await signedIn(laptop.cookie)).toBe(true)
    expect(await devicesOf(laptop.cookie)).toEqual([])

    const records = await orgDb(organization.id).audit.list({ action: 'device.signedOut', limit: 10 })
    expect(records.items).toHaveLength(1)
    expect(records.items[0]).toMatchObject({
      subject: { type: 'member', id: member.id },
      changes: [{ field: 'device', before: 'Chrome on Android', after: null }],
    })
    const again = await callRoute(forgetDevice, { cookies: [laptop.cookie], params: { id: device.id } })
    expect(again.status).toBe(404)
    expect(again.json.message).toBe('Phone not found')
  })

  it("signs this phone out and clears its cookie; another member's phone is not found", async () => {
    const { signIn } = await setup()
    const phone = await signIn(true, PHONE)
    const [device] = await devicesOf(phone.cookie)
    const stranger = await setup()
    const theirs = await stranger.signIn(undefined, LAPTOP)
    expect((await callRoute(forgetDevice, { cookies: [theirs.cookie], params: { id: device.id } })).status).toBe(404)
    expect(await signedIn(phone.cookie)).toBe(true)

    const self = await callRoute(forgetDevice, { cookies: [phone.cookie], params: { id: device.id } })
    expect(self.status).toBe(204)
    expect(self.cookies[0]).toMatch(/^sid=; .*Max-Age=0/)
    expect(await signedIn(phone.cookie)).toBe(false)
  })

  it("ends with a supervisor's password reset", async () => {
    const { supervisor, member, signIn } = await setup()
    const phone = await signIn(true, PHONE)
    expect(await signedIn(phone.cookie)).toBe(true)
    const reset = await callRoute(resetPassword, { cookies: [supervisor], params: { id: member.id } })
    expect(reset.status).toBe(200)
    expect(await signedIn(phone.cookie)).toBe(false)
  })

  it("never remembers a supervisor: a 'remember' sign-in gets the ordinary session, listed as no phone", async () => {
    const { organization, cookie } = await newOrganization()
    const sam = { firstName: 'Sam', lastName: 'Reyes', department: 'Office', role: 'supervisor' as const }
    const credentials = await newStaffCredentials(cookie, sam)
    const res = await callRoute(staffLogin, {
      body: { ...credentials, remember: true },
      headers: { 'user-agent': PHONE },
    })
    expect(res.status).toBe(200)
    expect(res.cookies.find((c) => c.startsWith('sid='))).toContain(`Max-Age=${7 * 24 * 3600}`)
    const supervisor = sessionOf(res.cookies)
    expect(await devicesOf(supervisor)).toEqual([])
    const item = await table.get(keys.session(sessionHash(supervisor.slice('sid='.length))))
    expect(item!.device).toBeUndefined()
    expect(Number(item!.absoluteExpire) - Math.floor(Date.parse(String(item!.createdAt)) / 1000)).toBe(30 * 24 * 3600)
    expect((await callRoute(listTokens, { cookies: [supervisor] })).status).toBe(200)

    // A phone remembered before its member became a supervisor reaches nothing past the ordinary 30 days.
    const { id: userId } = (await callRoute(getUser, { cookies: [supervisor] })).json as { id: string }
    const kept = await sessions.create({ userId, orgId: organization.id }, undefined, {
      browser: 'Chrome',
      os: 'Android',
    })
    const keptCookie = `sid=${kept.sid}`
    expect((await callRoute(listTokens, { cookies: [keptCookie] })).status).toBe(200)
    await table.update(keys.session(sessionHash(kept.sid)), {
      UpdateExpression: 'SET createdAt = :c',
      ExpressionAttributeValues: { ':c': new Date(Date.now() - 31 * 86400_000).toISOString() },
    })
    expect((await callRoute(listTokens, { cookies: [keptCookie] })).status).toBe(401)
  })

  it('refuses a malformed id and a signed-out caller', async () => {
    const { signIn } = await setup()
    const phone = await signIn(true, PHONE)
    const bad = await callRoute(forgetDevice, { cookies: [phone.cookie], params: { id: '../x' } })
    expect(bad.status).toBe(400)
    expect((await callRoute(listDevices)).status).toBe(401)
    expect(await signedIn(phone.cookie)).toBe(true)
  })
})
