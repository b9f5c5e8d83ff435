import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { chosenAtLeastOne } from './choice-schemas.ts'

describe('a choice of one or more options', () => {
  const Colors = chosenAtLeastOne(z.enum(['red', 'green', 'blue']), 'Choose at least one color')

  it('keeps each option once, in the order first given', () => {
    expect(Colors.parse(['blue', 'red', 'blue', 'red', 'green'])).toEqual(['blue', 'red', 'green'])
    expect(Colors.parse(['green'])).toEqual(['green'])
  })

  it('refuses no list or an empty one with its message, and an option it does not offer', () => {
    for (const none of [[], undefined, 'red', null])
      expect(
        Colors.safeParse(none).error?.issues.map((i) => i.message),
        String(none),
      ).toEqual(['Choose at least one color'])
    expect(Colors.safeParse(['red', 'pink']).error?.issues[0]?.path).toEqual([1])
  })
})
