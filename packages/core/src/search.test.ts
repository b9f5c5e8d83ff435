import { describe, expect, it } from 'vitest'
import { foldForSearch, matchesName } from './search.ts'

describe('search ignores accents and case', () => {
  it('folds accents and case away, and tidies spaces', () => {
    expect(foldForSearch('  José  MUÑOZ ')).toBe('jose munoz')
    expect(foldForSearch('Zoë')).toBe('zoe')
    expect(foldForSearch('Zoë').includes(foldForSearch('ZOE'))).toBe(true)
  })

  it('keeps letters that do not decompose', () => {
    expect(foldForSearch('Søren Straße')).toBe('søren straße')
  })
})

describe('a search for a person', () => {
  const ana = { firstName: 'Ana María', lastName: 'Silva Núñez' }

  it('finds them by first name, last name or both as typed, accents and case ignored', () => {
    for (const search of ['ana', 'MARIA', 'nunez', 'silva n', 'ana maria silva', '  Ana   María  '])
      expect(matchesName(ana, search), search).toBe(true)
  })

  it('finds everyone with an empty search, and no one with a text in neither name', () => {
    expect(matchesName(ana, '')).toBe(true)
    expect(matchesName(ana, '   ')).toBe(true)
    for (const search of ['pedro', 'silva ana', 'maria  x', 'anamaria'])
      expect(matchesName(ana, search), search).toBe(false)
  })

  it('needs the text in one name, or across both with the space between them', () => {
    expect(matchesName({ firstName: 'Jo', lastName: 'Ann' }, 'o a')).toBe(true)
    expect(matchesName({ firstName: 'Jo', lastName: 'Ann' }, 'oa')).toBe(false)
    expect(matchesName({ firstName: 'Jo', lastName: 'Ann' }, 'ann')).toBe(true)
    expect(matchesName({ firstName: 'Jo', lastName: 'Ann' }, 'jo')).toBe(true)
  })
})
