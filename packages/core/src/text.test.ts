import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { linksAsText } from './text.ts'

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

  it('leaves nothing linkable in any text', () => {
    const piece = fc.constantFrom('http', 'https', '://', 'www', '.', 'com', 'evil', '@', ' ', '/', 'x', '1', '-')
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 30 }), (parts) => {
        expect(linksAsText(parts.join(''))).not.toMatch(linkable)
      }),
    )
  })
})
