/**
 * The languages the product speaks (English is the spec's, Spanish is for US
 * congregations) and how a person's is chosen. Without zod: the browser's first script needs these
 * (web/src/i18n.ts), and zod stays out of the public pages' initial JavaScript; the schema is in
 * language.ts.
 */
export const LANGUAGES = ['en', 'es'] as const
/** One of LANGUAGES (the same type as language.ts's schema gives, named `Language` there). */
type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l === value)

/** The locale for dates, times and numbers (`Intl`): the product serves US congregations. */
export const localeOf = (language: Language): string => (language === 'es' ? 'es-US' : 'en-US')

/**
 * The first of a person's preferred languages that the product speaks ('es-MX' is Spanish), else
 * English. `preferences` come best first, as `navigator.languages` or an Accept-Language header give them.
 */
export function preferredLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0]
    const found = LANGUAGES.find((l) => l === base)
    if (found) return found
  }
  return DEFAULT_LANGUAGE
}

/** An Accept-Language header's tags, best first (`q` weights honoured, `q=0` dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag)
}
