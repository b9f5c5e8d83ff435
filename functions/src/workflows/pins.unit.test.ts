import { describe, expect, it } from 'vitest'
import { hashPin, pinMatches } from './pins.ts'

describe('PIN hashes', () => {
  it('keeps only a salted scrypt hash that matches its PIN and no other', async () => {
    const a = await hashPin('4821')
    const b = await hashPin('4821')
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toContain('4821')
    // Salted: the same PIN never gives the same hash.
    expect(a).not.toBe(b)
    expect(await pinMatches('4821', a)).toBe(true)
    expect(await pinMatches('4822', a)).toBe(false)
    expect(await pinMatches('48210', a)).toBe(false)
    expect(await pinMatches('4821', 'plain$4821')).toBe(false)
  })
})
