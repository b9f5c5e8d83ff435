import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NewMember } from './member.ts'
import { OrganizationSettingsUpdate } from './settings.ts'
import { DecisionComment, TimesheetDays } from './timesheet.ts'
import { linksAsText, TEXT_LIMITS, textLimitState } from './text.ts'

/** What mail programs turn into links: a scheme, `www.`, or a dotted name ending in letters. */
const linkable = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}\b/i

describe('linksAsText', () => {
  it('writes addresses so that no mail program makes them links, keeping the rest', () => {
    expect(linksAsText('Log in at https://evil.example/reset?x=1 now.')).toBe(
      'Log in at https[:]//evil[.]example/reset?x=1 now.',
    )
    expect(linksAsText('See www.pay-here.com or paypal.com.verify.io, mail boss@corp.example.')).toBe(
      'See www[.]pay-here[.]com or paypal[.]com[.]verify[.]io, mail boss@corp[.]example.',
    )
    expect(linksAsText('Please add Friday: 9.5 hours, e.g. the food pantry.')).toBe(
      'Please add Friday: 9.5 hours, e.g. the food pantry.',
    )
  })

  it('rewrites a scheme at the very start, an address without a dot, and a bare www.', () => {
    expect(linksAsText('https://evil.example')).toBe('https[:]//evil[.]example')
    expect(linksAsText('http://localhost/reset')).toBe('http[:]//localhost/reset')
    expect(linksAsText('www.')).toBe('www[.]')
    expect(linksAsText('see WWW. now')).toBe('see WWW[.] now')
    expect(linksAsText('a.b@x.example')).toBe('a.b@x[.]example')
  })

  it('rewrites a www. that ends a longer address, as it rewrites a bare one', () => {
    // The property below meets these only about one run in seventy: here they are checked every run.
    for (const [text, asText] of Object.entries({
      'http://www.': 'http[:]//www[.]',
      '0.www.': '0[.]www[.]',
      'Go to evil.WWW. now': 'Go to evil[.]WWW[.] now',
      'see x.awww.': 'see x[.]awww[.]',
      'It was evil.com.': 'It was evil[.]com.',
    }))
      expect(linksAsText(text)).toBe(asText)
  })

  it('leaves nothing linkable in any text', () => {
    const piece = fc.constantFrom('http', 'https', '://', 'www', '.', 'com', 'evil', '@', ' ', '/', 'x', '1', '-')
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 30 }), (parts) => {
        expect(linksAsText(parts.join(''))).not.toMatch(linkable)
      }),
    )
  })
})

describe('text limits: the web counts as the server refuses', () => {
  /** Each limit with the schema of the server that holds it, checked with a text of the given length. */
  const checks: [keyof typeof TEXT_LIMITS, (text: string) => boolean][] = [
    ['activity', (text) => TimesheetDays.shape.mondayActivity.safeParse(text).success],
    ['notes', (text) => TimesheetDays.shape.notes.safeParse(text).success],
    ['comments', (text) => DecisionComment.safeParse(text).success],
    ['firstName', (text) => NewMember.shape.firstName.safeParse(text).success],
    ['lastName', (text) => NewMember.shape.lastName.safeParse(text).success],
    ['department', (text) => NewMember.shape.department.safeParse(text).success],
    ['organizationName', (text) => OrganizationSettingsUpdate.shape.organizationName.safeParse(text).success],
  ]

  it('a text is over its limit exactly when the schema refuses it for length, spaces around it not counted', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...checks),
        fc.integer({ min: -5, max: 5 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => c.trim() === c && c !== ''),
        fc.nat({ max: 3 }),
        ([name, accepts], delta, unit, pad) => {
          const max = TEXT_LIMITS[name]
          const core = unit.repeat(Math.max(1, Math.floor((max + delta) / unit.length)))
          const text = `${' '.repeat(pad)}${core}${' '.repeat(pad)}`
          expect(textLimitState(text, max).over).toBe(!accepts(text))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('says how many are left, and is near from 80 % of the limit', () => {
    expect(textLimitState('a'.repeat(1599), 2000)).toEqual({ left: 401, near: false, over: false })
    expect(textLimitState('a'.repeat(1600), 2000)).toEqual({ left: 400, near: true, over: false })
    expect(textLimitState('a'.repeat(2000), 2000)).toEqual({ left: 0, near: true, over: false })
    expect(textLimitState(`  ${'a'.repeat(2000)}  `, 2000).over).toBe(false)
    expect(textLimitState('a'.repeat(2001), 2000)).toEqual({ left: -1, near: true, over: true })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6000 }), fc.nat({ max: 7000 }), (max, length) => {
        const state = textLimitState('x'.repeat(length), max)
        expect(state.left).toBe(max - length)
        expect(state.near).toBe(length / max >= 0.8 || length >= Math.ceil(max * 0.8))
        expect(state.over).toBe(length > max)
      }),
    )
  })
})
