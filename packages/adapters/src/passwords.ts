import { randomInt } from 'node:crypto'

/** No look-alike characters (0/O, 1/l/I), so a password read aloud or copied by hand works. */
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
/** Symbols Cognito counts as symbols, without quotes, backslash or look-alikes (no | or `). */
const SYMBOLS = '!#$%*+-=?@^_'
const pick = (set: string) => set[randomInt(set.length)]!

/**
 * A strong password (about 95 bits) with every character class the staff pool requires: lower and
 * upper case, a digit and a symbol (infra/lib/definition.ts; infra/test/passwords.test.ts checks
 * many against the policy of the synthesized template). It opens with a letter or a digit: a CSV
 * cell that opens with = + - or @ gets an apostrophe before it (csvCell, against formulas), which
 * would then be part of the password an import's credentials file hands out.
 */
export const generatePassword = (length = 16): string => {
  const all = LOWER + UPPER + DIGITS + SYMBOLS
  const rest = [
    pick(LOWER),
    pick(UPPER),
    pick(DIGITS),
    pick(SYMBOLS),
    ...Array.from({ length: length - 5 }, () => pick(all)),
  ]
  for (let i = rest.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[rest[i], rest[j]] = [rest[j]!, rest[i]!]
  }
  return pick(LOWER + UPPER + DIGITS) + rest.join('')
}
