import { describe, expect, it } from 'vitest'
import { foldForSearch } from './search.ts'

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
