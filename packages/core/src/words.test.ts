import { describe, expect, it } from 'vitest'
import { dashedWords, sameName } from './words.ts'

describe('names as a person reads them', () => {
  it.each([
    ['North', 'north', true],
    ['  North ', 'NORTH', true],
    ['North', 'North Campus', false],
    ['No rth', 'north', false],
  ])('%j and %j are the same name: %s', (a, b, same) => {
    expect(sameName(a, b)).toBe(same)
    expect(sameName(b, a)).toBe(same)
  })

  it.each([
    ['  Église Saint-Étienne!! ', 'eglise-saint-etienne'],
    ['ＡＢＣ 123', 'abc-123'],
    ['***', ''],
  ])('%j is %j in dashed words', (name, words) => {
    expect(dashedWords(name)).toBe(words)
  })
})
