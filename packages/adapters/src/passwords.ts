import { randomInt } from 'node:crypto'

/** No look-alike characters (0/O, 1/l/I), so a password read aloud or copied by hand works. */
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
/** Symbols Cognito counts as symbols, without quotes, backslash or look-alikes (no | or `). */
const SYMBOLS = '!#$%*+-=?@^_'
const pick = (set: string) => set[randomInt(set.length)]!

/**
 * A strong password (about 97 bits) with every character class the staff pool requires: lower and
 * upper case, a digit and a symbol (infra/lib/definition.ts; infra/test/passwords.test.ts checks
 * many against the policy of the synthesized template).
 */
export const generatePassword = (length = 16): string => {
  const all = LOWER + UPPER + DIGITS + SYMBOLS
  const chars = [
    pick(LOWER),
    pick(UPPER),
    pick(DIGITS),
    pick(SYMBOLS),
    ...Array.from({ length: length - 4 }, () => pick(all)),
  ]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
