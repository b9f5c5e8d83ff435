import { describe, expect, it } from 'vitest'
import { fullName, initials } from './names.ts'
import { Access, AuthType, Role, roleLabel } from './roles.ts'
import { User } from './user.ts'

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
