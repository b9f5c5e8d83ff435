import { describe, expect, it } from 'vitest'
import { dashedWords, repeatedNamesAndIds, sameName } from './words.ts'

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

  it('finds the entries of a list that repeat an earlier name or id, never a first one nor a new entry without an id', () => {
    expect(
      repeatedNamesAndIds([
        { id: 'a', name: 'North' },
        { name: 'South' },
        { id: 'b', name: ' NORTH' },
        { name: 'East' },
        { id: 'a', name: 'West' },
        { id: 'a', name: 'south ' },
        { name: 'Central' },
      ]),
    ).toEqual([
      [2, 'name'],
      [4, 'id'],
      [5, 'name'],
      [5, 'id'],
    ])
    expect(repeatedNamesAndIds([])).toEqual([])
    expect(repeatedNamesAndIds([{ name: 'A' }, { name: 'B' }, { id: '', name: 'C' }, { id: '', name: 'D' }])).toEqual(
      [],
    )
  })

  it.each([
    ['  Église Saint-Étienne!! ', 'eglise-saint-etienne'],
    ['ＡＢＣ 123', 'abc-123'],
    ['***', ''],
  ])('%j is %j in dashed words', (name, words) => {
    expect(dashedWords(name)).toBe(words)
  })
})
