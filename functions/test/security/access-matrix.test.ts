import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { kioskMessages, messages } from '@app/core'
import { config } from '@app/adapters'
import { sessions } from '@app/data'
import { keys, table } from '@app/data/testing'
import { sessionCookieName } from '../../src/http/cookies.ts'
import { callRoute } from '../support/test-event.ts'
import { newStaffMember } from '../support/test-identity.ts'
import removeMember from '../../src/members/remove-member.ts'
import { expectCleanRefusal } from './support/checks.ts'
import { figuresFor } from './support/figures.ts'
import {
  csrfExempt,
  manifest,
  needsVendor,
  pathParamsOf,
  routes,
  signedIn,
  stateChanging,
  supervisorOnly,
  withPathParams,
  type Route,
  type RouteKey,
} from './support/manifest.ts'
import { makeTenant, ownerRequest, ownerRequestWith, realParams, snapshotOf, type Tenant } from './support/world.ts'

/**
 * The access matrix, generated from the route manifest: who may call what, and that another
 * organization's real objects answer 404 and change nothing.
 */
const figures = figuresFor(import.meta.filename)
let a: Tenant
let b: Tenant

beforeAll(async () => {
  const tag = randomUUID().slice(0, 6)
  ;[a, b] = await Promise.all([
    makeTenant(`Alpha${tag} Church`, { spare: true, unlimited: true }),
    makeTenant(`Beta${tag} Church`),
  ])
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`
const cookieName = sessionCookieName

describe('signed out: every member and supervisor route answers 401 Unauthorized', () => {
  it.each(signedIn.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const params = await realParams(key, route, a)
    const expired = await sessions.create({ orgId: a.orgId, userId: a.supervisor.id })
    await table.update(keys.session(sha(expired.sid)), {
      UpdateExpression: 'SET expire = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    })
    const live = await sessions.create({ orgId: a.orgId, userId: a.supervisor.id })
    const before = await a.snapshot()
    const attempts: [string, string[]][] = [
      ['no cookie', []],
      ['an unknown session id', [`${cookieName()}=${randomBytes(32).toString('base64url')}`]],
      ['a malformed session id', [`${cookieName()}=../../${'x'.repeat(300)}`]],
      ['an expired session', [`${cookieName()}=${expired.sid}`]],
      ['a live session id under another cookie name', [`other=${live.sid}`, `${cookieName()}x=${live.sid}`]],
      ["a live session id's hash, as the table keeps it", [`${cookieName()}=${sha(live.sid)}`]],
    ]
    for (const [what, cookies] of attempts) {
      const res = await callRoute(route, { cookies, params, body: {} })
      figures.cases()
      expect(res.status, `${what}: ${res.text}`).toBe(401)
      expect(res.json, what).toEqual({ message: 'Unauthorized', key: 'signedOut' })
    }
    expect(await a.snapshot()).toEqual(before)
  })
})

describe("staff: every supervisor route answers 403 to an employee's and a volunteer's session", () => {
  it.each(supervisorOnly.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const request = await ownerRequest(key, route, a)
    const before = await a.snapshot()
    for (const cookie of [a.staff.cookie, a.spare!.cookie]) {
      const res = await callRoute(route, { ...request, cookies: [cookie] })
      figures.cases()
      expect(res.status, res.text).toBe(403)
      expect(res.json).toEqual({ message: messages.supervisorsOnly, key: 'supervisorsOnly' })
    }
    expect(await a.snapshot()).toEqual(before)
  })
})

describe('a kiosk session reaches the kiosk routes and nothing else', () => {
  it.each(manifest.filter(([, r]) => !r.keepsNoSession && !r.kioskOnly).map((e) => [label(e), e] as const))(
    'a kiosk gets 403 from %s, which changes nothing',
    async (_, entry) => {
      const res = await ownerRequestWith(figures, entry, a, a.kioskCookie)
      expect(res.status, res.text).toBe(403)
      expect(res.json).toEqual({ message: kioskMessages.kioskSession, key: 'kioskSession' })
    },
  )

  it.each(manifest.filter(([, r]) => r.kioskOnly).map((e) => [label(e), e] as const))(
    "%s answers 403 to every member's own session, and 401 signed out",
    async (_, [key, route]) => {
      figures.route(key)
      const request = await ownerRequest(key, route, a)
      const before = await a.snapshot()
      for (const cookie of [a.cookie, a.staff.cookie, a.spare!.cookie]) {
        const res = await callRoute(route, { ...request, cookies: [cookie] })
        figures.cases()
        expect(res.status, res.text).toBe(403)
        expect(res.json).toEqual({ message: kioskMessages.kioskOnly, key: 'kioskOnly' })
      }
      expect((await callRoute(route, { ...request, cookies: [] })).status).toBe(401)
      expect(await a.snapshot()).toEqual(before)
    },
  )
})

describe("another organization's real ids answer 404 and change nothing", () => {
  const signedInWithParams = withPathParams.filter(([, r]) => r.auth !== 'public')

  it('covers every route with path parameters: public ones are named here with their own credential', () => {
    const ownCredential: Partial<Record<RouteKey, string>> = {
      'email-confirmations/show-confirmation': 'the signed link (email-confirmations/confirmations.test.ts)',
      'email-confirmations/confirm-address': 'the signed link (email-confirmations/confirmations.test.ts)',
      'email-decisions/show-decision': 'the signed link (tested below)',
      'email-decisions/confirm-decision': 'the signed link (tested below)',
      'organization/get-logo': 'public by design: a logo shows before sign-in (tested below)',
      'notifications/show-unsubscribe': 'the signed link (notifications/unsubscribe.test.ts)',
      'notifications/confirm-unsubscribe': 'the signed link (notifications/unsubscribe.test.ts)',
    }
    const publicWithParams = withPathParams.filter(([, r]) => r.auth === 'public').map(([k]) => k)
    expect(publicWithParams.filter((k) => !ownCredential[k])).toEqual([])
    expect(signedInWithParams.length + publicWithParams.length).toBe(withPathParams.length)
  })

  it.each(signedInWithParams.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    // The request org A's owner would make, with org A's real objects...
    const request = await ownerRequest(key, route, a)
    const before = await a.snapshot()
    // Timesheet ids count per organization: B has none with this id, so only tenancy can answer.
    const id = request.params?.id
    if (id && /^\d+$/.test(id)) expect(await b.db.timesheets.find(Number(id))).toBeUndefined()
    // ...made by organization B's supervisor, and by B's staff member.
    const asSupervisor = await callRoute(route, { ...request, cookies: [b.cookie] })
    figures.cases()
    expect(asSupervisor.status, asSupervisor.text).toBe(404)
    expectCleanRefusal(asSupervisor, key)
    expect(asSupervisor.json.message).toMatch(
      /^(Timesheet|Member|API token|Export|Import|Webhook|Kiosk|Time off request|Phone) not found$/,
    )

    const asStaff = await callRoute(route, { ...request, cookies: [b.staff.cookie] })
    figures.cases()
    // A supervisor route refuses B's staff by role before it looks at anything.
    expect(asStaff.status, asStaff.text).toBe(route.auth === 'supervisor' ? 403 : 404)
    expect(await a.snapshot()).toEqual(before)

    // Within one organization, another employee's timesheet is not found either.
    if (route.auth === 'member') {
      const colleague = await callRoute(route, { ...request, cookies: [a.spare!.cookie] })
      figures.cases()
      expect(colleague.status, colleague.text).toBe(404)
      expect(await a.snapshot()).toEqual(before)
    }

    // The control: the same request from the owner succeeds, so the ids were real and in the right state.
    const owner = await callRoute(route, request)
    figures.cases()
    expect(owner.status, owner.text).toBeLessThan(400)
  })

  it('a decision link changed to point at another organization is refused and decides nothing', async () => {
    figures.route('email-decisions/show-decision')
    figures.route('email-decisions/confirm-decision')
    const { token } = await a.freshToken()
    const target = await b.freshPending()
    const [payload, signature] = token.split('.')
    const link = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(
      JSON.stringify({ ...link, orgId: b.orgId, timesheetId: target.id, supervisorId: b.supervisor.id }),
    ).toString('base64url')
    const [beforeA, beforeB] = [await a.snapshot(), await b.snapshot()]
    for (const [key, route] of manifest.filter(([k]) => k.startsWith('email-decisions/'))) {
      const res = await callRoute(route, {
        params: { token: `${forged}.${signature}` },
        body: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      figures.cases()
      expect(res.status, key).toBe(400)
      expect(res.text).toContain('This link is not valid')
    }
    expect(await a.snapshot()).toEqual(beforeA)
    expect(await b.snapshot()).toEqual(beforeB)
    expect((await b.db.timesheets.get(target.id)).status).toBe('pending')
  })

  it("a logo link names one object in the logos bucket and nothing outside the organization's folder", async () => {
    const [key, route] = manifest.find(([k]) => k === 'organization/get-logo')!
    figures.route(key)
    const logo = await a.realLogo()
    const ok = await callRoute(route, { params: logo })
    expect(ok.status).toBe(302)
    expect(new URL(ok.headers.location as string).pathname).toBe(`/${config.logosBucket}/${logo.orgId}/${logo.file}`)
    for (const params of [
      { orgId: logo.orgId, file: '../../timesheets-exports/x.csv' },
      { orgId: logo.orgId, file: `${logo.file}/../../other.png` },
      { orgId: `${logo.orgId}/..`, file: logo.file },
      { orgId: '..', file: logo.file },
      { orgId: logo.orgId, file: 'logo-0123456789abcdef.html' },
    ]) {
      const res = await callRoute(route, { params })
      figures.cases()
      expectCleanRefusal(res, JSON.stringify(params))
      expect(res.status).toBe(400)
    }
  })
})

describe('nothing leaks: every signed-in GET answers only its own organization', () => {
  beforeAll(async () => {
    // Org A has data in every state; org B has its own, so B's lists are not simply empty.
    await Promise.all([a.freshApproved(), a.freshPending(), a.freshDraft(), b.freshApproved(), b.freshPending()])
  })

  it.each(
    signedIn.filter(([, r]) => r.method === 'GET' && pathParamsOf(r).length === 0).map((e) => [label(e), e] as const),
  )('%s', async (_, [key, route]) => {
    figures.route(key)
    const secrets = [a.orgId, a.supervisor.id, a.supervisor.email!, a.staff.user.id, a.spare!.user.id, a.name]
    const request = await ownerRequest(key, route, b)
    for (const cookie of [b.cookie, b.staff.cookie]) {
      const res = await callRoute(route, { ...request, cookies: [cookie] })
      figures.cases()
      let text = res.text
      if (res.status === 302 && String(res.headers.location).startsWith('http')) {
        text += await (await fetch(res.headers.location as string)).text()
      }
      for (const secret of secrets) expect(text, `${key} leaks ${secret}`).not.toContain(secret)
    }
  })
})

describe('a removed member is signed out at once', () => {
  it('both devices of a removed employee, and of a removed supervisor, answer 401 on every route', async () => {
    const employee = await newStaffMember(a.cookie)
    const supervisor = await newStaffMember(a.cookie, 'supervisor')
    const devices = [
      employee.cookie,
      await a.anotherSession(employee.user.id),
      supervisor.cookie,
      await a.anotherSession(supervisor.user.id),
    ]
    for (const m of [employee, supervisor]) {
      const res = await callRoute(removeMember, { cookies: [a.cookie], params: { id: m.user.id } })
      expect(res.status, res.text).toBe(204)
    }
    for (const [key, route] of signedIn) {
      figures.route(key)
      const params = await realParams(key, route, a)
      for (const cookie of devices) {
        const res = await callRoute(route, { cookies: [cookie], params, body: {} })
        figures.cases()
        expect(res.status, `${key}: ${res.text}`).toBe(401)
      }
    }
  }, 60_000)

  it('a session whose member item is gone is deleted on its next use', async () => {
    const member = await newStaffMember(a.cookie)
    await table.delete(keys.user(a.orgId, member.user.id))
    const [key, route] = signedIn[0]!
    figures.route(key)
    expect((await callRoute(route, { cookies: [member.cookie] })).status).toBe(401)
    figures.cases()
    const sid = member.cookie.split('=')[1]!
    expect(await table.get(keys.session(sha(sid)))).toBeUndefined()
  })
})

describe('the demo organization is read-only for everyone who opens it', () => {
  it('every state-changing route refuses a demo session, and no route changes the demo data', async () => {
    const open = async (role: string) => {
      const res = await callRoute(routes['demo/open-demo'], { query: { role } })
      expect(res.status, res.text).toBe(302)
      return res.cookies.find((c) => c.startsWith(`${cookieName()}=`))!.split(';')[0]!
    }
    const visitors = [await open('supervisor'), await open('employee')]
    const demoOrg = (await callRoute(routes['auth/get-user'], { cookies: [visitors[0]!] })).json.organizationId
    const before = await snapshotOf(demoOrg)
    for (const [key, route] of signedIn) {
      figures.route(key)
      const request = await ownerRequest(key, route, a)
      for (const cookie of visitors) {
        const res = await callRoute(route, { ...request, cookies: [cookie] })
        figures.cases()
        if (route.method !== 'GET') {
          expect(res.status, `${key}: ${res.text}`).toBe(403)
          expect(res.json).toEqual({ message: messages.demoReadOnly, key: 'demoReadOnly' })
        } else {
          expect(res.status, `${key}: ${res.text}`).toBeLessThan(500)
        }
      }
    }
    const after = await snapshotOf(demoOrg)
    // Reading the current week makes that week's empty draft the first time, for demo members as for
    // everyone (the one write a GET does); nothing else in the demo organization changed.
    const visitorsIds = new Set(
      await Promise.all(
        visitors.map(async (c) => (await callRoute(routes['auth/get-user'], { cookies: [c] })).json.id as string),
      ),
    )
    const counters = new Set(['COUNTER#timesheet', 'STATS#timesheets'])
    const unchanged = (items: Record<string, unknown>[]) => items.filter((i) => !counters.has(String(i.sk)))
    const added = unchanged(after.items).filter((i) => !before.items.some((b) => b.sk === i.sk))
    for (const item of added) {
      expect(visitorsIds.has(String(item.employeeId ?? String(item.sk).split('#')[1])), String(item.sk)).toBe(true)
      if (String(item.sk).startsWith(keys.timesheetsPrefix)) expect(item).toMatchObject({ status: 'draft', version: 0 })
      else expect(String(item.sk)).toMatch(/^WEEK#/)
    }
    expect(unchanged(after.items).filter((i) => !added.includes(i))).toEqual(unchanged(before.items))
    expect(after.lookups).toEqual(before.lookups)
  }, 60_000)
})

describe('CSRF: state-changing routes refuse a foreign Origin and a non-JSON body', () => {
  it('only public routes with their own credential skip the check', () => {
    for (const key of Object.keys(csrfExempt) as RouteKey[]) {
      const entry = manifest.find(([k]) => k === key)
      expect(entry, `${key} is listed as exempt but is not in the manifest`).toBeDefined()
      expect(entry![1].auth, key).toBe('public')
      expect(entry![1].method, key).not.toBe('GET')
    }
  })

  const guarded = stateChanging.filter(([k]) => !(k in csrfExempt))

  it.each(guarded.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const request = await ownerRequest(key, route, a)
    const before = await a.snapshot()
    const origin = config.appOrigin
    const foreignOrigins: (string | undefined)[] = [
      'https://evil.example',
      undefined,
      'null',
      `${origin}.evil.example`,
      origin.replace('http://', 'https://'),
      origin.replace('127.0.0.1', 'localhost'),
      `${origin}/`,
    ]
    for (const o of foreignOrigins) {
      const res =
        o === undefined
          ? await callRoute(withoutOrigin(route), request)
          : await callRoute(route, { ...request, headers: { origin: o, 'content-type': 'application/json' } })
      figures.cases()
      expect(res.status, `Origin ${o}: ${res.text}`).toBe(403)
      expect(res.json).toEqual({ message: messages.csrf, key: 'csrf' })
    }
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/json',
      '',
    ]) {
      const res = await callRoute(route, { ...request, headers: { origin, 'content-type': type } })
      figures.cases()
      expect(res.status, `Content-Type ${type}: ${res.text}`).toBe(415)
      expect(res.json).toEqual({ message: messages.jsonOnly, key: 'jsonOnly' })
    }
    expect(await a.snapshot()).toEqual(before)
    // The same request from our own origin as JSON is accepted (the refusals were the check's doing).
    const res = await callRoute(route, request)
    figures.cases()
    expect(res.status, res.text).not.toBe(403)
    expect(res.status, res.text).not.toBe(415)
  })
})

describe('calls without a payload: every route that needs none accepts an empty body, with or without a JSON type', () => {
  const payloadFree = stateChanging.filter(([k, r]) => !(k in csrfExempt) && !(k in needsVendor) && r.acceptsEmptyBody)

  it("the spec's calls without a payload are among them", () => {
    const keys = payloadFree.map(([k]) => k)
    expect(keys).toEqual(expect.arrayContaining(['timesheets/submit-timesheet', 'billing/start-trial']))
  })

  it.each(payloadFree.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const variants: [string, Record<string, string>][] = [
      ['no body and no content type', {}],
      ['an empty body with a JSON content type', { 'content-type': 'application/json' }],
      ['an empty body with a JSON content type and charset', { 'content-type': 'application/json; charset=utf-8' }],
    ]
    for (const [what, headers] of variants) {
      // A fresh request each time: the call changes state (a submitted timesheet cannot be submitted again).
      const request = await ownerRequest(key, route, a)
      const res = await callRoute(withBody(route, undefined, headers), request)
      figures.cases()
      expect(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(200)
      expect(res.status, `${what}: ${res.text}`).toBeLessThan(400)
    }
    // Without a payload the Origin check still holds.
    const request = await ownerRequest(key, route, a)
    const before = await a.snapshot()
    for (const origin of [null, 'https://evil.example']) {
      const res = await callRoute(withBody(route, undefined, {}, origin), request)
      figures.cases()
      expect(res.status, res.text).toBe(403)
      expect(res.json).toEqual({ message: messages.csrf, key: 'csrf' })
    }
    expect(await a.snapshot()).toEqual(before)
  })

  it('a route that needs a payload still answers a clear 400 for an empty or broken body', async () => {
    figures.route('members/add-member')
    for (const [body, headers] of [
      [undefined, {}],
      ['', { 'content-type': 'application/json' }],
      ['{"email":', { 'content-type': 'application/json' }],
    ] as const) {
      const res = await callRoute(withBody(routes['members/add-member'], body, headers), { cookies: [a.cookie] })
      figures.cases()
      expectCleanRefusal(res, `body ${JSON.stringify(body)}`)
      expect(res.status).toBe(400)
    }
  })
})

/**
 * The same route, sent exactly this raw body (undefined: none) with exactly these headers and this
 * Origin (null: none); callRoute otherwise adds our Origin, JSON and `{}` to every non-GET request.
 */
const withBody = (
  route: Route,
  body: string | undefined,
  headers: Record<string, string> = {},
  origin: string | null = config.appOrigin,
): Route => ({
  ...route,
  lambda: (event, context) => {
    event.headers = { ...headers, ...(origin ? { origin } : {}) }
    event.body = body
    return route.lambda(event, context)
  },
})

/** The same route, called without any Origin header (callRoute adds ours to every non-GET request). */
const withoutOrigin = (route: Route): Route => ({
  ...route,
  lambda: (event, context) => {
    delete event.headers.origin
    return route.lambda(event, context)
  },
})

/** The table keeps a hash of the session id (sessions.ts); tests reach the item the same way. */
const sha = (sid: string) => createHash('sha256').update(sid).digest('base64url')
