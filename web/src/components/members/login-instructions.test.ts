import { describe, expect, it } from 'vitest'
import { loginInstructions } from './login-instructions.ts'

describe('loginInstructions', () => {
  it('gives the staff login address and the username', () => {
    const text = loginInstructions(
      { firstName: 'Vera', username: 'vjones', email: 'vera@example.org' },
      'https://app.example.org',
      'Grace Chapel',
    )
    expect(text).toContain('Hello Vera,')
    expect(text).toContain('https://app.example.org/staff-login')
    expect(text).toContain('Username: vjones')
    expect(text).toContain('Grace Chapel')
    expect(text).not.toMatch(/Password: \S+$/m)
  })

  it('sends a member without a staff login (a supervisor) to the supervisor sign-in', () => {
    const text = loginInstructions({ firstName: 'Grace', username: null, email: 'grace@example.org' }, 'https://a.org')
    expect(text).toContain('https://a.org/')
    expect(text).toContain('Supervisor Login')
    expect(text).not.toContain('/staff-login')
    expect(text).not.toContain('Username')
  })
})
