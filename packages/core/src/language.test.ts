import { describe, expect, it } from 'vitest'
import { acceptedLanguages, localeOf, preferredLanguage } from './languages.ts'

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
