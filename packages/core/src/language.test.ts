import { describe, expect, it } from 'vitest'
import { acceptedLanguages, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, localeOf, preferredLanguage } from './languages.ts'

describe('the language a person prefers', () => {
  it('takes the first preference the product speaks, by its base language', () => {
    expect(preferredLanguage(['es-MX', 'en-US'])).toBe('es')
    expect(preferredLanguage(['fr-FR', 'ES', 'en'])).toBe('es')
    expect(preferredLanguage(['en-GB', 'es'])).toBe('en')
    expect(preferredLanguage(['es_US'])).toBe('es')
  })

  it('falls back to English when nothing matches or nothing is given', () => {
    expect(preferredLanguage(['fr', 'de-DE'])).toBe('en')
    expect(preferredLanguage([])).toBe('en')
    expect(preferredLanguage(['estonian'])).toBe('en')
  })

  it('reads an Accept-Language header best first, honouring weights and dropping q=0', () => {
    expect(acceptedLanguages('en;q=0.5, es-MX, fr;q=0.8')).toEqual(['es-MX', 'fr', 'en'])
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en'])
    expect(acceptedLanguages('*')).toEqual([])
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('fr, de')).toEqual(['fr', 'de'])
    expect(preferredLanguage(acceptedLanguages('fr-CA,es;q=0.9,en;q=0.8'))).toBe('es')
  })

  it('formats for US readers in either language', () => {
    expect(localeOf('en')).toBe('en-US')
    expect(localeOf('es')).toBe('es-US')
  })
})

describe('languages, each rule', () => {
  it('knows the languages it speaks, English first and by default', () => {
    expect(LANGUAGES).toEqual(['en', 'es'])
    expect(DEFAULT_LANGUAGE).toBe('en')
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('es')).toBe(true)
    for (const other of ['fr', 'EN', 'es-MX', '', undefined, null, 1, ['es']]) expect(isLanguage(other)).toBe(false)
  })

  it('reads a preference however it is spaced or cased, and keeps its order', () => {
    expect(preferredLanguage([' ES-mx '])).toBe('es')
    expect(preferredLanguage(['en', 'es'])).toBe('en')
    expect(preferredLanguage(['', 'es'])).toBe('es')
    expect(preferredLanguage(['es-419'])).toBe('es')
  })

  it('weighs each tag by its own q, ignores other parameters, and keeps header order among equals', () => {
    expect(acceptedLanguages('fr;level=1;q=0.4, es;q=0.6')).toEqual(['es', 'fr'])
    expect(acceptedLanguages('fr;level=1, es;q=0.6')).toEqual(['fr', 'es'])
    expect(acceptedLanguages(' de ; q=0.5 ,en;q=0.5,  it ')).toEqual(['it', 'de', 'en'])
    expect(acceptedLanguages('es;q=1.0,en;q=1')).toEqual(['es', 'en'])
    expect(acceptedLanguages('es;q=0.0')).toEqual([])
    expect(acceptedLanguages('es;q=0.001')).toEqual(['es'])
    expect(acceptedLanguages(',,en')).toEqual(['en'])
    expect(acceptedLanguages('*;q=0.5, es;q=0.1')).toEqual(['es'])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages('es;qq=0')).toEqual(['es'])
    expect(acceptedLanguages('es;q=abc')).toEqual(['es']) // an unreadable weight counts as 1
    expect(acceptedLanguages('a;q=0.2,b;q=0.3,c;q=0.1,d')).toEqual(['d', 'b', 'a', 'c'])
  })
})
