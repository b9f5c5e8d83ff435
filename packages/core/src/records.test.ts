import { describe, expect, it } from 'vitest'
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  paymentRequired,
  tooManyRequests,
  unauthorized,
  unavailable,
} from './errors.ts'
import { NewMember, TemporaryCredentials } from './member.ts'
import { newOrganization, Organization, slugify } from './organization.ts'
import { Access, AuthType, Role, roleLabel } from './roles.ts'
import { User } from './user.ts'
import { fullName, initials } from './names.ts'

describe('errors', () => {
  it('carries the status, code, message and fields the HTTP layer answers with', () => {
    const e = badRequest('Bad', { name: 'Name is required' })
    expect(e).toBeInstanceOf(Error)
    expect(e).toBeInstanceOf(AppError)
    expect([e.name, e.status, e.code, e.message, e.fields]).toEqual([
      'AppError',
      400,
      'bad_request',
      'Bad',
      { name: 'Name is required' },
    ])
    expect(badRequest('Bad').fields).toBeUndefined()
  })

  it('has one constructor per status', () => {
    expect(
      [
        unauthorized(),
        unauthorized('Signed out'),
        paymentRequired('Pay'),
        forbidden(),
        forbidden('No'),
        notFound('timesheet'),
        conflict('Stale'),
        tooManyRequests('Slow down'),
        unavailable('Later'),
      ].map((e) => [e.status, e.code, e.message]),
    ).toEqual([
      [401, 'unauthorized', 'Unauthorized'],
      [401, 'unauthorized', 'Signed out'],
      [402, 'payment_required', 'Pay'],
      [403, 'forbidden', 'Forbidden'],
      [403, 'forbidden', 'No'],
      [404, 'not_found', 'Timesheet not found'],
      [409, 'conflict', 'Stale'],
      [429, 'too_many_requests', 'Slow down'],
      [503, 'unavailable', 'Later'],
    ])
  })
})

describe('NewMember', () => {
  const valid = { email: ' Ana@Example.ORG ', firstName: ' Ana ', lastName: ' Ruiz ', department: ' Youth ' }
  const fields = (body: unknown) => {
    const r = NewMember.safeParse(body)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('trims, lower-cases the email and makes a staff member by default', () => {
    expect(NewMember.parse(valid)).toEqual({
      email: 'ana@example.org',
      firstName: 'Ana',
      lastName: 'Ruiz',
      department: 'Youth',
      role: 'employee',
    })
    expect(NewMember.parse({ ...valid, role: 'supervisor' }).role).toBe('supervisor')
  })

  it('refuses each missing field with the spec message', () => {
    expect(fields({})).toEqual({
      email: 'Valid email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      department: 'Department is required',
    })
    expect(fields({ email: 'nope', firstName: ' ', lastName: ' ', department: ' ' })).toEqual({
      email: 'Valid email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      department: 'Department is required',
    })
  })

  it('limits names to 100 characters and an email to 254', () => {
    const long = 'x'.repeat(101)
    expect(fields({ ...valid, firstName: long, lastName: long, department: long })).toEqual({
      firstName: 'First name must be at most 100 characters',
      lastName: 'Last name must be at most 100 characters',
      department: 'Department must be at most 100 characters',
    })
    const at = 'x'.repeat(100)
    expect(fields({ ...valid, firstName: at, lastName: at, department: at })).toEqual({})
    const email = (n: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(n)}`
    expect(email(61)).toHaveLength(254)
    expect(fields({ ...valid, email: email(61) })).toEqual({})
    expect(fields({ ...valid, email: email(62) })).toEqual({ email: expect.any(String) })
    expect(fields({ ...valid, role: 'owner' })).toMatchObject({ role: expect.any(String) })
  })

  it('reads temporary credentials', () => {
    expect(TemporaryCredentials.parse({ username: 'ana.ruiz', password: 'x' })).toEqual({
      username: 'ana.ruiz',
      password: 'x',
    })
    expect(TemporaryCredentials.safeParse({ username: 'ana.ruiz' }).success).toBe(false)
  })
})

describe('organization', () => {
  const start = { id: 'o', name: 'Grace', slug: 'grace', timeZone: 'America/Chicago', trialEndsAt: 't', now: 'n' }

  it('makes readable slugs', () => {
    const slugs = {
      'First Baptist Church': 'first-baptist-church',
      '  Église Saint-Étienne!! ': 'eglise-saint-etienne',
      '---': 'organization',
      'ＡＢＣ 123': 'abc-123',
      ['a'.repeat(50)]: 'a'.repeat(40),
      'a--b__c': 'a-b-c',
    }
    for (const [name, slug] of Object.entries(slugs)) expect(slugify(name), name).toBe(slug)
  })

  it('starts a new one on a Professional trial with nothing paid, approval emails on, and its creator when named', () => {
    const org = newOrganization(start)
    expect(Organization.parse(org)).toEqual(org)
    expect(org).toMatchObject({ plan: 'professional', subscriptionStatus: 'trial', trialEndsAt: 't', createdAt: 'n' })
    expect([org.stripeCustomerId, org.paymentMethodOnFile, org.approvalEmails]).toEqual([null, false, true])
    expect(org).not.toHaveProperty('createdBy')
    expect(newOrganization({ ...start, createdBy: 'u1' }).createdBy).toBe('u1')
  })

  it('defaults approval emails to on', () => {
    const { approvalEmails: _stored, ...stored } = newOrganization(start)
    const org = Organization.parse(stored)
    expect(org.approvalEmails).toBe(true)
  })
})

describe('roles and users', () => {
  it('labels roles as the members page does', () => {
    expect(Role.options).toEqual(['employee', 'supervisor', 'volunteer'])
    expect(roleLabel).toEqual({ employee: 'Staff Member', supervisor: 'Supervisor', volunteer: 'Volunteer' })
    expect(Access.options).toEqual(['public', 'member', 'supervisor'])
    expect(AuthType.options).toEqual(['oidc', 'local'])
  })

  it('writes full names and initials', () => {
    expect(fullName({ firstName: 'Ana', lastName: 'Ruiz' })).toBe('Ana Ruiz')
    expect(fullName({ firstName: 'Ana', lastName: '' })).toBe('Ana')
    expect(fullName({ firstName: '', lastName: 'Ruiz' })).toBe('Ruiz')
    expect(initials({ firstName: 'ana', lastName: 'ruiz' })).toBe('AR')
    expect(initials({ firstName: 'Ana', lastName: '' })).toBe('A')
  })

  it('never carries a password', () => {
    expect(Object.keys(User.shape)).not.toContain('password')
  })
})
