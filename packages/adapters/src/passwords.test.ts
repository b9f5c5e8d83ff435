import { describe, expect, it } from 'vitest'
import { generatePassword } from './passwords.ts'

describe('generated passwords', () => {
  it('keep every character class the staff pool requires', () => {
    for (let i = 0; i < 50; i++)
      expect(generatePassword()).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!#$%*+\-=?@^_]).{16}$/)
  })
})
