import { useEffect } from 'react'
import i18next, { type BackendModule, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, localeOf, preferredLanguage, type Language } from '@app/core'
import { NAMESPACES } from '@app/i18n'

/**
 * The browser's texts. Each catalogue namespace is its own small chunk, loaded when a
 * screen first asks for it (`useTranslation('staff')` suspends until then), so the landing page
 * never downloads the supervisor screens' texts.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../packages/i18n/locales/*/*.json')

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, done) => {
    const load = catalogues[`../../packages/i18n/locales/${language}/${namespace}.json`]
    if (!load) return done(new Error(`No catalogue ${language}/${namespace}`), false)
    load().then(
      (m) => done(null, m.default),
      (error: Error) => done(error, false),
    )
  },
}

/** A signed-out visitor's own choice from the footer switcher, kept on this device. */
const CHOSEN = 'language'

/** The language before anyone has signed in: the visitor's choice, else the browser's preference. */
export function initialLanguage(): Language {
  const chosen = localStorage.getItem(CHOSEN)
  if (isLanguage(chosen)) return chosen
  return preferredLanguage(navigator.languages ?? [navigator.language])
}

/**
 * Starts i18next. Tests pass every catalogue as `resources` (no chunks to wait for); the app passes
 * none and loads namespaces as screens need them.
 */
export function initI18n(language: Language = initialLanguage(), resources?: Resource) {
  if (!resources) i18next.use(lazyCatalogues)
  void i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    ...(resources ? { resources, ns: [...NAMESPACES], initAsync: false } : {}),
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  })
  // The build's prerender (prerender.tsx) runs in Node, with no document.
  if (typeof document !== 'undefined') followDocumentLanguage()
  return i18next
}

/** `<html lang>` follows the language, so screen readers pronounce Spanish as Spanish. */
function followDocumentLanguage() {
  const apply = (language: string) => document.documentElement.setAttribute('lang', language)
  // Until its first catalogue is here i18next has no language yet: the page's own lang stays.
  if (i18next.language) apply(i18next.language)
  i18next.on('languageChanged', apply)
}

/** The language the screens speak now. */
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE)

/** The locale for `Intl` formatting of dates, times and numbers in the current language. */
export const currentLocale = (): string => localeOf(currentLanguage())

/** A signed-out visitor picks a language: kept on this device and applied at once. */
export function chooseLanguage(language: Language) {
  localStorage.setItem(CHOSEN, language)
  return i18next.changeLanguage(language)
}

/** A signed-in member's screens speak the language kept on their user. */
export function useUserLanguage(language: Language | undefined) {
  useEffect(() => {
    if (language && language !== i18next.language) void i18next.changeLanguage(language)
  }, [language])
}
