/**
 * How long the text people type may be: the one place both the server's schemas and the
 * web's counters read, so a field says it is nearly full, or too long, exactly when the server
 * would refuse it.
 */
export const TEXT_LIMITS = {
  /** A day's 'What did you do today?'. */
  activity: 2000,
  notes: 5000,
  /** A supervisor's decision comment (the decline comment). */
  comments: 2000,
  firstName: 100,
  lastName: 100,
  department: 100,
  organizationName: 100,
  payrollId: 40,
  /** Why a closed pay period is reopened. */
  reason: 500,
} as const

/** A text's length as the schemas count it: after trimming, in code points (zod's `max`: an emoji is one). */
export const textLength = (text: string): number => [...text.trim()].length

/** From this share of its limit, a field shows how many characters are left. */
export const NEAR_LIMIT_SHARE = 0.8

/** Where a text stands against its limit: characters left (negative when over), near the limit, over it. */
export const textLimitState = (text: string, max: number): { left: number; near: boolean; over: boolean } => {
  const length = textLength(text)
  return { left: max - length, near: length >= Math.ceil(max * NEAR_LIMIT_SHARE), over: length > max }
}

/**
 * Addresses in text someone typed (a decline comment) made inert for email: mail programs turn
 * `https://…`, `www.…`, `name.example` and `a@b.example` into links, so their dots and `://` are
 * written `[.]` and `[:]//`, which readers still understand and no program follows. (An email
 * address is its domain's dotted name: rewriting the domain is enough.) A dot that ends a text or
 * precedes a space ends a sentence and stays, except after `www`: a `www.` is rewritten wherever
 * it stands, alone or at the end of a longer address (`http://www.`, `x.www.`).
 */
// Stryker disable next-line Regex: a global replace finds a scheme or an address from any of its characters, so narrowing a character class or a repeat still rewrites the same dots
export const linksAsText = (text: string) =>
  text.replace(/(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*|(?:[a-z0-9-]+\.)+[a-z]{2,}\b\S*/gi, (m) =>
    m.replace(/:\/\//g, '[:]//').replace(/\.(?=\S)|(?<=www)\./gi, '[.]'),
  )
