import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { staffPool } from '@app/adapters'
import { keys, table } from '@app/data/testing'
import { rateAddressOf } from '../http/client.ts'
import type { Route } from '../http/define-route.ts'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffCredentials } from '../../test/support/test-identity.ts'
import staffLogin from './staff-login.ts'

const addStaff = async () => newStaffCredentials((await newOrganization()).cookie)

describe('POST /api/staff/login', () => {
  it('answers the same 401 for a wrong password and an unknown username', async () => {
    const { username } = await addStaff()
    const wrong = await callRoute(staffLogin, { body: { username, password: 'not-the-password' } })
    const unknown = await callRoute(staffLogin, { body: { username: 'no.such.person', password: 'whatever123' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json).toEqual({ message: 'Invalid username or password', key: 'staffLoginFailed' })
    expect(unknown.json).toEqual(wrong.json)
  })

  it('requires both fields', async () => {
    const res = await callRoute(staffLogin, { body: { username: '' } })
    expect(res.status).toBe(400)
    expect(res.json.fields).toEqual({ username: 'Username is required', password: 'Password is required' })
  })

  it.each([
    [{ username: 'u'.repeat(101), password: 'secret123' }, 'Username must be 100 characters or fewer', 'tooLong'],
    [[], 'The request body must be a JSON object', 'requestBodyObject'],
    [{ username: 'ana', password: 'secret123', remember: 'yes' }, 'remember must be true or false', 'mustBeBoolean'],
  ])('says what is wrong with %j in words, with its code', async (body, message, key) => {
    const res = await callRoute(staffLogin, { body })
    expect([res.status, res.json.message, res.json.key]).toEqual([400, message, key])
  })

  it('locks a username for 15 minutes after repeated failures, even with the right password', async () => {
    const { username, password } = await addStaff()
    for (let i = 0; i < 10; i++) {
      expect((await callRoute(staffLogin, { body: { username, password: `wrong-${i}` } })).status).toBe(401)
    }
    const locked = await callRoute(staffLogin, { body: { username, password } })
    expect(locked.status).toBe(429)
    expect(locked.json.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.')
    // Retry-After: the seconds until the lock ends, as it is stored.
    const retryAfter = Number(locked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
  })

  it('refuses a request from another origin and one that is not JSON', async () => {
    const { username, password } = await addStaff()
    const foreign = await callRoute(staffLogin, {
      body: { username, password },
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    const form = await callRoute(staffLogin, {
      body: `username=${username}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
  })
})

/** The same route, as called from one client address. */
const from = (sourceIp: string): Route => ({
  ...staffLogin,
  lambda: (event, context) => {
    event.requestContext.http.sourceIp = sourceIp
    return staffLogin.lambda(event, context)
  },
})

describe('staff login against guessing', () => {
  afterEach(() => vi.restoreAllMocks())

  it('asks the pool for an unknown username too, so both answers take the same path', async () => {
    const check = vi.spyOn(staffPool, 'checkPassword')
    const { username } = await addStaff()
    await callRoute(staffLogin, { body: { username, password: 'not-the-password' } })
    await callRoute(staffLogin, { body: { username: `no.such.${randomUUID().slice(0, 6)}`, password: 'whatever123' } })
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('counts each attempt before checking it: of 15 parallel tries, only 10 reach the pool', async () => {
    const { username } = await addStaff()
    const check = vi.spyOn(staffPool, 'checkPassword')
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        callRoute(from('203.0.113.9'), { body: { username, password: `wrong-${i}` } }),
      ),
    )
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5)
    expect(check).toHaveBeenCalledTimes(10)
  })

  it('answers a locked sign-in with the seconds left of the stored lock, not a constant', async () => {
    const { username, password } = await addStaff()
    const address = '203.0.113.61'
    for (let i = 0; i < 11; i++) await callRoute(from(address), { body: { username, password: `wrong-${i}` } })
    // Most of the lock has passed: two minutes of it are left.
    await table.update(keys.loginAttempts(username.toLowerCase(), rateAddressOf(address)), {
      UpdateExpression: 'SET expire = :until',
      ExpressionAttributeValues: { ':until': Math.floor(Date.now() / 1000) + 120 },
    })
    const locked = await callRoute(from(address), { body: { username, password } })
    expect(locked.status).toBe(429)
    const retryAfter = Number(locked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(118)
    expect(retryAfter).toBeLessThanOrEqual(120)
  })

  it('a stranger who locks a username out from their address does not lock its member out elsewhere', async () => {
    const { username, password } = await addStaff()
    for (let i = 0; i < 11; i++) await callRoute(from('203.0.113.7'), { body: { username, password: `wrong-${i}` } })
    expect((await callRoute(from('203.0.113.7'), { body: { username, password } })).status).toBe(429)
    const member = await callRoute(from('198.51.100.20'), { body: { username, password } })
    expect(member.status).toBe(200)
  })

  it('counts an IPv6 client by its /64, so one network cannot spread its guesses over its own addresses', async () => {
    const { username, password } = await addStaff()
    for (let i = 0; i < 11; i++)
      await callRoute(from(`2001:db8:abcd:12::${(i + 1).toString(16)}`), { body: { username, password: `wrong-${i}` } })
    expect((await callRoute(from('2001:db8:abcd:12:ffff::1'), { body: { username, password } })).status).toBe(429)
    expect((await callRoute(from('2001:db8:abcd:13::1'), { body: { username, password } })).status).toBe(200)
  })
})
