import { describe, expect, it } from 'vitest'
import { KIOSK_TRIES, kioskMessages, PIN_TRIES } from '@app/core'
import { config } from '@app/adapters'
import { orgDb } from '@app/data'
import { keys, table } from '@app/data/testing'
import { callRoute, sessionCookieFor, sessionOf } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import updateUser from '../auth/update-user.ts'
import setPin from '../profile/set-pin.ts'
import getCurrentWeek from '../timesheets/get-current-week.ts'
import createKiosk from './create-kiosk.ts'
import getKiosk from './get-kiosk.ts'

/**
 * The kiosk's budgets of wrong PINs, through the running local stack (HTTP to its server, as a
 * kiosk session): tries sent at once never check more PINs than a budget holds, and a kiosk that
 * spends its own budget locks itself, not the members, and tells its supervisors.
 */

/** A kiosk of the organization: its session cookie. */
const newKiosk = async (orgId: string, supervisorId: string, name: string) => {
  const browser = await sessionCookieFor({ orgId, userId: supervisorId })
  const made = await callRoute(createKiosk, { cookies: [browser], body: { name } })
  expect(made.status).toBe(201)
  return sessionOf(made.cookies)
}

/** A member of the organization with the PIN `pin`. */
const pinHolder = async (supervisorCookie: string, pin: string) => {
  const staff = await newStaffMember(supervisorCookie)
  expect((await callRoute(setPin, { cookies: [staff.cookie], body: { pin } })).status).toBe(200)
  return staff
}

/** POST /api/kiosk/punch to the running server, as the kiosk. */
const punchOverHttp = async (kiosk: string, employeeId: string, pin: string) => {
  const res = await fetch(`${config.appOrigin}/api/kiosk/punch`, {
    method: 'POST',
    headers: { cookie: kiosk, origin: config.appOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ employeeId, pin }),
    signal: AbortSignal.timeout(30_000),
  })
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown>,
    retryAfter: res.headers.get('retry-after'),
  }
}

const tally = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {}
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
  return counts
}

const weekVersion = async (cookie: string) => (await callRoute(getCurrentWeek, { cookies: [cookie] })).json.version

const setup = async () => {
  const org = await newOrganization()
  const kiosk = await newKiosk(org.organization.id, org.supervisor.id, 'Front desk')
  return { ...org, kiosk }
}

describe('wrong PINs sent at once', () => {
  it('check at most 5 PINs of a member: 20 wrong ones at once answer five 401s, then 429, and lock the PIN', async () => {
    const { cookie, kiosk, organization } = await setup()
    const staff = await pinHolder(cookie, '4821')
    const answers = await Promise.all(Array.from({ length: 20 }, () => punchOverHttp(kiosk, staff.user.id, '9163')))
    expect(tally(answers)).toEqual({ 401: PIN_TRIES.attempts, 429: 20 - PIN_TRIES.attempts })
    const stored = await table.get(keys.pin(organization.id, staff.user.id))
    expect(stored).toMatchObject({ tries: PIN_TRIES.attempts })
    expect(Number(stored!.lockedUntil) - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60)
    // The kiosk holds the five checked PINs' tries and no lock: those the member's budget refused took none.
    const kioskId = (await orgDb(organization.id).kiosks.list())[0]!.id
    const kioskItem = await table.get(keys.kiosk(organization.id, kioskId))
    expect(kioskItem).toMatchObject({ tries: PIN_TRIES.attempts })
    expect(kioskItem?.lockedUntil).toBeUndefined()
    // Locked: even the right PIN is refused before it is checked.
    const right = await punchOverHttp(kiosk, staff.user.id, '4821')
    expect(right.status).toBe(429)
    expect(right.json.message).toBe(kioskMessages.locked)
    // The seconds until the PIN's stored lock ends, through the server as a kiosk receives them.
    const lockLeft = Number(stored!.lockedUntil) - Math.floor(Date.now() / 1000)
    expect(Math.abs(Number(right.retryAfter) - lockLeft)).toBeLessThanOrEqual(2)
    expect(await weekVersion(staff.cookie)).toBe(0)
  })

  it('let the right PIN among 14 wrong ones punch only within the budget: never more than 5 wrong PINs are checked', async () => {
    const { cookie, kiosk, organization } = await setup()
    const staff = await pinHolder(cookie, '4821')
    const wrong = Array.from({ length: 14 }, () => punchOverHttp(kiosk, staff.user.id, '9163'))
    const answers = await Promise.all([
      ...wrong.slice(0, 7),
      punchOverHttp(kiosk, staff.user.id, '4821'),
      ...wrong.slice(7),
    ])
    const right = answers[7]!
    const others = tally(answers.filter((_, i) => i !== 7))
    // Every wrong PIN checked is a 401; at most 5 were, whatever the order the server took them in.
    expect(others[401]).toBeLessThanOrEqual(PIN_TRIES.attempts)
    expect((others[401] ?? 0) + (others[429] ?? 0)).toBe(14)
    if (right.status === 200) {
      // Its try was taken while the budget held one: it punched once, and gave its try back.
      expect(await weekVersion(staff.cookie)).toBe(1)
    } else {
      expect(right.status).toBe(429)
      expect(await weekVersion(staff.cookie)).toBe(0)
      expect(others[401]).toBe(PIN_TRIES.attempts)
    }
    // Once the budget is spent, the right PIN does not punch.
    const stored = await table.get(keys.pin(organization.id, staff.user.id))
    if (Number(stored?.tries) >= PIN_TRIES.attempts) {
      expect((await punchOverHttp(kiosk, staff.user.id, '4821')).status).toBe(429)
      expect(await weekVersion(staff.cookie)).toBe(right.status === 200 ? 1 : 0)
    }
  })

  it('spent first, then the right one with 14 wrong ones at once: the right one never punches', async () => {
    const { cookie, kiosk } = await setup()
    const staff = await pinHolder(cookie, '4821')
    for (let i = 0; i < PIN_TRIES.attempts; i++)
      expect((await punchOverHttp(kiosk, staff.user.id, '9163')).status).toBe(401)
    const answers = await Promise.all([
      ...Array.from({ length: 14 }, () => punchOverHttp(kiosk, staff.user.id, '9163')),
      punchOverHttp(kiosk, staff.user.id, '4821'),
    ])
    expect(tally(answers)).toEqual({ 429: 15 })
    expect(await weekVersion(staff.cookie)).toBe(0)
  })
})

describe('a kiosk’s own budget', () => {
  it('locks the kiosk (not the members) after 10 wrong PINs in 15 minutes, says so, and emails its supervisors in their language once', async () => {
    const { cookie, kiosk, organization, supervisor } = await setup()
    const spanish = await newStaffMember(cookie, 'supervisor')
    expect((await callRoute(updateUser, { cookies: [spanish.cookie], body: { language: 'es' } })).status).toBe(200)
    const members = [await pinHolder(cookie, '4821'), await pinHolder(cookie, '5827'), await pinHolder(cookie, '6039')]
    const otherKiosk = await newKiosk(organization.id, supervisor.id, 'Kitchen')
    // Spread over three members, four at most each: no member's own budget is spent.
    const spread = [0, 1, 2, 0, 1, 2, 0, 1, 0, 1]
    expect(spread).toHaveLength(KIOSK_TRIES.attempts)
    for (const m of spread) expect((await punchOverHttp(kiosk, members[m]!.user.id, '9163')).status).toBe(401)

    const refused = await punchOverHttp(kiosk, members[2]!.user.id, '6039')
    expect(refused.status).toBe(429)
    expect(refused.json).toMatchObject({ message: kioskMessages.kioskLocked, key: 'kioskLocked' })
    expect(await weekVersion(members[2]!.cookie)).toBe(0)
    const info = await callRoute(getKiosk, { cookies: [kiosk] })
    expect(info.json).toMatchObject({ name: 'Front desk', timeZone: 'America/Chicago' })
    const lockedFor = (Date.parse(info.json.lockedUntil as string) - Date.now()) / 1000
    expect(lockedFor).toBeGreaterThan(14 * 60)
    expect(lockedFor).toBeLessThanOrEqual(15 * 60)
    expect(Math.abs(Number(refused.retryAfter) - lockedFor)).toBeLessThanOrEqual(2)

    // The members are not locked: at another kiosk their right PINs punch.
    for (const m of members)
      expect((await punchOverHttp(otherKiosk, m.user.id, ['4821', '5827', '6039'][members.indexOf(m)]!)).status).toBe(
        200,
      )
    expect((await callRoute(getKiosk, { cookies: [otherKiosk] })).json.lockedUntil).toBeNull()

    // One more wrong PIN at the locked kiosk is refused before it is checked, and tells nobody again.
    const again = await punchOverHttp(kiosk, members[0]!.user.id, '9163')
    expect(again.status).toBe(429)
    expect(Math.abs(Number(again.retryAfter) - lockedFor)).toBeLessThanOrEqual(2)
    const supervisorEmails = await inbox(supervisor.email!)
    const kioskEmails = supervisorEmails.filter((e) => e.subject.includes('Front desk'))
    expect(kioskEmails.map((e) => e.subject)).toEqual(['Kiosk Front desk is locked after too many wrong PINs'])
    expect(kioskEmails[0]!.body.text).toContain(`${config.appOrigin}/settings#kiosk`)
    const spanishEmails = (await inbox()).filter(
      (e) => e.subject === 'El quiosco Front desk está bloqueado tras demasiados PIN incorrectos',
    )
    expect(spanishEmails).toHaveLength(1)
    // Fifteen minutes later (the lock and its window moved into the past), the kiosk works again.
    await table.update(
      keys.kiosk(
        organization.id,
        (await orgDb(organization.id).kiosks.list()).find((k) => k.name === 'Front desk')!.id,
      ),
      {
        UpdateExpression: 'SET lockedUntil = :past, windowEnds = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      },
    )
    expect((await punchOverHttp(kiosk, members[0]!.user.id, '4821')).status).toBe(200)
  })

  it('gives a right PIN’s try back: a busy kiosk with a few typos never locks', async () => {
    const { cookie, kiosk, organization } = await setup()
    const staff = await pinHolder(cookie, '4821')
    for (let round = 0; round < 3; round++) {
      expect((await punchOverHttp(kiosk, staff.user.id, '9163')).status).toBe(401)
      expect((await punchOverHttp(kiosk, staff.user.id, '4821')).status).toBe(200)
    }
    const kioskId = (await orgDb(organization.id).kiosks.list())[0]!.id
    expect(await table.get(keys.kiosk(organization.id, kioskId))).toMatchObject({ tries: 3 })
    expect(await table.get(keys.pin(organization.id, staff.user.id))).toMatchObject({ tries: 3 })
  })
})
