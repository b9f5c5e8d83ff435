import { describe, expect, it } from 'vitest'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization } from '../../test/support/test-identity.ts'
import addMember from '../members/add-member.ts'
import staffLogin from './staff-login.ts'

const addStaff = async () => {
  const { cookie } = await newOrganization()
  const res = await callRoute(addMember, {
    cookies: [cookie],
    body: {
      email: `s${Math.random().toString(36).slice(2, 8)}@grace.example`,
      firstName: 'Paul',
      lastName: 'Kim',
      department: 'Worship',
      role: 'employee',
    },
  })
  return res.json.temporaryCredentials as { username: string; password: string }
}

describe('POST /api/staff/login', () => {
  it('answers the same 401 for a wrong password and an unknown username', async () => {
    const { username } = await addStaff()
    const wrong = await callRoute(staffLogin, { body: { username, password: 'not-the-password' } })
    const unknown = await callRoute(staffLogin, { body: { username: 'no.such.person', password: 'whatever123' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json).toEqual({ message: 'Invalid username or password' })
    expect(unknown.json).toEqual(wrong.json)
  })

  it('requires both fields', async () => {
    const res = await callRoute(staffLogin, { body: { username: '' } })
    expect(res.status).toBe(400)
    expect(res.json.fields).toEqual({ username: 'Username is required', password: 'Password is required' })
  })

  it('locks a username for 15 minutes after repeated failures, even with the right password', async () => {
    const { username, password } = await addStaff()
    for (let i = 0; i < 10; i++) {
      expect((await callRoute(staffLogin, { body: { username, password: `wrong-${i}` } })).status).toBe(401)
    }
    const locked = await callRoute(staffLogin, { body: { username, password } })
    expect(locked.status).toBe(429)
    expect(locked.json.message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.')
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
