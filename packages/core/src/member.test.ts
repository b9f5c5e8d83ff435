import { describe, expect, it } from 'vitest'
import { NewMember, TemporaryCredentials } from './member.ts'

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
