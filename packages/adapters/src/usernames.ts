import { randomInt } from 'node:crypto'
import { transliterate } from 'transliteration'

/*
 * Apart from the passwords (passwords.ts): transliteration builds its tables of every script when
 * it is imported, about 190 KB and a fifth of a cold start, which only the routes that make
 * usernames need (a password reset does not).
 */

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
