import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { orgDb, system } from '@app/data'
import { callRoute, sessionOf } from '../../test/support/test-event.ts'
import { config } from '@app/adapters'
import {
  callbackRequestFor,
  newOrganization,
  newStaffMember,
  signInThroughIdentityProvider,
} from '../../test/support/test-identity.ts'
import getUser from './get-user.ts'
import login from './login.ts'
import logout from './logout.ts'
import callback from './callback.ts'

const person = () => ({ email: `${randomUUID().slice(0, 8)}@grace.example`, firstName: 'Ruth', lastName: 'Okafor' })

describe('supervisor sign-in through the identity provider', () => {
  it('creates the account, an organization on a 14-day trial, and makes the first user its supervisor', async () => {
    const res = await signInThroughIdentityProvider(person(), { returnTo: '/reports', tz: 'Europe/London' })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/reports')
    const cookie = sessionOf(res.cookies)
    expect(res.cookies.find((c) => c.startsWith('sid='))).toMatch(/HttpOnly; SameSite=Lax/)

    const me = await callRoute(getUser, { cookies: [cookie] })
    expect(me.status).toBe(200)
    expect(me.json).toMatchObject({ firstName: 'Ruth', lastName: 'Okafor', role: 'supervisor', authType: 'oidc' })
    expect(me.json).not.toHaveProperty('password')
    expect(me.json).not.toHaveProperty('subject')

    const org = await orgDb(me.json.organizationId).organization.get()
    expect(org).toMatchObject({
      name: "Ruth Okafor's Organization",
      subscriptionStatus: 'trial',
      timeZone: 'Europe/London',
    })
    const trialDays = (Date.parse(org.trialEndsAt!) - Date.now()) / 86_400_000
    expect(trialDays).toBeGreaterThan(13.9)
    expect(trialDays).toBeLessThanOrEqual(14)
  })

  it('gives the same person the same account on the next sign-in, with a new session id', async () => {
    const who = person()
    const first = await signInThroughIdentityProvider(who)
    const second = await signInThroughIdentityProvider(who)
    expect(sessionOf(second.cookies)).not.toBe(sessionOf(first.cookies))
    const a = await callRoute(getUser, { cookies: [sessionOf(first.cookies)] })
    const b = await callRoute(getUser, { cookies: [sessionOf(second.cookies)] })
    expect(b.json.id).toBe(a.json.id)
    expect(b.json.organizationId).toBe(a.json.organizationId)
  })

  it('ignores a return path to another site', async () => {
    const res = await signInThroughIdentityProvider(person(), { returnTo: '//evil.example/x' })
    expect(res.headers.location).toBe('/')
  })

  it('ignores a return path a browser would turn into another site (a tab after the slash)', async () => {
    const res = await signInThroughIdentityProvider(person(), { returnTo: '/\t/evil.example' })
    expect(res.headers.location).toBe('/')
  })

  it('refuses a callback whose state was not started in this browser', async () => {
    const res = await callRoute(callback, { query: { code: 'x', state: 'forged' }, cookies: ['auth_state=other'] })
    expect(res.status).toBe(400)
    expect(res.text).toContain('Sign-in failed')
  })

  it('answers a code the identity provider does not accept with the sign-in-failed page, not a 500', async () => {
    const request = await callbackRequestFor(person())
    const res = await callRoute(callback, { ...request, query: { ...request.query, code: 'not-a-real-code' } })
    expect(res.status).toBe(400)
    expect(res.text).toContain('Sign-in failed')
    expect(res.text).toContain('The identity provider did not accept this sign-in')
    expect(res.cookies.some((c) => c.startsWith('sid='))).toBe(false)
  })

  it('gives two first sign-ins of the same person at the same moment one account, never a 500', async () => {
    const who = person()
    const first = await signInThroughIdentityProvider(who)
    // The second sign-in looked the person up before the first one had written the account.
    vi.spyOn(system, 'findBySubject').mockResolvedValueOnce(undefined)
    const second = await signInThroughIdentityProvider(who)
    vi.restoreAllMocks()
    expect(second.status, second.text).toBe(302)
    const [a, b] = await Promise.all(
      [first, second].map((r) => callRoute(getUser, { cookies: [sessionOf(r.cookies)] })),
    )
    expect(b!.json.id).toBe(a!.json.id)
  })

  it('starts the flow with PKCE, state and nonce', async () => {
    const res = await callRoute(login)
    const url = new URL(res.headers.location as string)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('nonce')).toBeTruthy()
  })
})

describe('sessions', () => {
  it('answers 401 without a session and after logout', async () => {
    expect((await callRoute(getUser)).status).toBe(401)
    const res = await signInThroughIdentityProvider(person())
    const cookie = sessionOf(res.cookies)
    expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(200)
    const out = await callRoute(logout, { cookies: [cookie], headers: { 'sec-fetch-site': 'same-origin' } })
    expect(out.status).toBe(302)
    // A supervisor's sign-out ends the identity provider's session too, then comes home.
    expect(new URL(out.headers.location as string).searchParams.get('post_logout_redirect_uri')).toBe(
      `${config.appOrigin}/`,
    )
    expect(out.cookies[0]).toMatch(/^sid=; .*Max-Age=0/)
    const after = await callRoute(getUser, { cookies: [cookie] })
    expect(after.status).toBe(401)
    expect(after.json).toEqual({ message: 'Unauthorized', key: 'signedOut' })
  })
})

describe('sign-out (browser navigation to /api/logout?local=true)', () => {
  const signedIn = async () => sessionOf((await signInThroughIdentityProvider(person())).cookies)

  it("ends the identity provider's session too, which then returns to the home page", async () => {
    const cookie = await signedIn()
    const out = await callRoute(logout, {
      cookies: [cookie],
      query: { local: 'true' },
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    const url = new URL(out.headers.location as string)
    expect(url.origin).toBe(process.env.OIDC_ISSUER)
    expect(url.searchParams.get('client_id')).toBe(process.env.OIDC_CLIENT_ID)
    // The provider accepts the return address and ends its session without a further question.
    const jar = new Map<string, string>()
    const jarHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const take = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [k, ...v] = c.split(';')[0]!.split('=')
        jar.set(k!, v.join('='))
      }
    }
    let next = url
    for (let hop = 0; hop < 5 && next.origin !== config.appOrigin; hop++) {
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: jarHeader() } })
      take(res)
      const form = /action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(await res.text())
      if (res.status === 200 && form) {
        const fields = new URLSearchParams(
          [...form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
        )
        const posted = await fetch(new URL(form[1]!, next), {
          method: 'POST',
          body: fields,
          redirect: 'manual',
          headers: { cookie: jarHeader() },
        })
        next = new URL(posted.headers.get('location')!, next)
      } else next = new URL(res.headers.get('location')!, next)
    }
    expect(next.href).toBe(`${config.appOrigin}/`)
  })

  it('a staff member signs out straight to the home page', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const out = await callRoute(logout, {
      cookies: [staff.cookie],
      query: { local: 'true' },
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(out.headers.location).toBe('/')
    expect((await callRoute(getUser, { cookies: [staff.cookie] })).status).toBe(401)
  })

  it("another site's navigation does not sign out: a page of ours asks, and its link does", async () => {
    for (const site of ['cross-site', 'same-site', undefined]) {
      const cookie = await signedIn()
      const asked = await callRoute(logout, {
        cookies: [cookie],
        query: { local: 'true' },
        headers: site ? { 'sec-fetch-site': site } : {},
      })
      expect(asked.status, String(site)).toBe(200)
      expect(asked.text).toContain('<h1>Sign out?</h1>')
      expect(asked.cookies).toEqual([])
      expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(200)

      const href = /href="(\/api\/logout\?[^"]+)"/.exec(asked.text)![1]!.replaceAll('&#38;', '&')
      const confirm = new URL(href, config.appOrigin).searchParams
      expect(confirm.get('local')).toBe('true')
      const forged = await callRoute(logout, { cookies: [cookie], query: { local: 'true', confirm: 'x'.repeat(32) } })
      expect(forged.status).toBe(200)
      const done = await callRoute(logout, { cookies: [cookie], query: Object.fromEntries(confirm) })
      expect(done.status).toBe(302)
      expect((await callRoute(getUser, { cookies: [cookie] })).status).toBe(401)
    }
  })
})

describe('how a member signs in', () => {
  it('answers Supervisor Login for a first supervisor, Staff Login for staff, both for an invited supervisor who signed in with the provider', async () => {
    const first = await signInThroughIdentityProvider(person())
    const firstCookie = sessionOf(first.cookies)
    expect((await callRoute(getUser, { cookies: [firstCookie] })).json.signInWays).toEqual(['supervisorLogin'])
    const staff = await newStaffMember(firstCookie)
    expect((await callRoute(getUser, { cookies: [staff.cookie] })).json.signInWays).toEqual(['staffLogin'])

    const email = `kai-${randomUUID().slice(0, 8)}@grace.example`
    const { default: addMember } = await import('../members/add-member.ts')
    const added = await callRoute(addMember, {
      cookies: [firstCookie],
      body: { email, firstName: 'Kai', lastName: 'Ono', department: 'Admin', role: 'supervisor' },
    })
    expect(added.status).toBe(200)
    const { signInAndChoose } = await import('../../test/support/test-identity.ts')
    const invited = await signInAndChoose(
      { email, firstName: 'Kai', lastName: 'Ono' },
      { choice: 'join', organizationId: (await callRoute(getUser, { cookies: [firstCookie] })).json.organizationId },
    )
    const me = await callRoute(getUser, { cookies: [sessionOf(invited.cookies)] })
    // Added by a colleague (a staff-pool login, authType 'local') and bound to the provider at sign-in.
    expect(me.json).toMatchObject({ id: added.json.id, authType: 'local' })
    expect(me.json.signInWays).toEqual(['supervisorLogin', 'staffLogin'])
  })
})
