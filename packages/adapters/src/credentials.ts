import { randomInt } from 'node:crypto'
import { transliterate } from 'transliteration'

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

/** Letters only, none that look alike (no i, l or o): a tag typed from a phone keyboard's first page. */
const TAG_LETTERS = 'abcdefghjkmnpqrstuvwxyz'

/** A name part as plain lower-case letters: other scripts transliterated (Анна → anna, 김민준 → gimminjun), accents dropped. */
const usernamePart = (s: string) =>
  transliterate(s.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^a-z]+/g, '')
    .slice(0, 20)

/** The readable part of a username: first.last in Latin letters ('member' when a name has none). */
export const usernameBase = (firstName: string, lastName: string): string =>
  [usernamePart(firstName), usernamePart(lastName)].filter(Boolean).join('.') || 'member'

/**
 * Username candidates for a new member, without end: the name's base and a random tag of letters
 * (ana.silva.kdpq). Every username carries a tag, so a name taken in another organization says
 * nothing about it, and a name never runs out: the tag grows a letter every 8 tries.
 */
export function* usernameCandidates(
  firstName: string,
  lastName: string,
  random: (max: number) => number = randomInt,
): Generator<string, never> {
  const base = usernameBase(firstName, lastName)
  for (let attempt = 0; ; attempt++) {
    const tag = Array.from({ length: 4 + Math.floor(attempt / 8) }, () => TAG_LETTERS[random(TAG_LETTERS.length)])
    yield `${base}.${tag.join('')}`
  }
}
