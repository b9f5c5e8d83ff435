import { createInstance, type TFunction } from 'i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/core'
import { NAMESPACES } from './index.ts'
import { resources } from './resources.ts'

/** One i18next instance with every catalogue loaded synchronously (no backend, no network). */
const instance = createInstance()
void instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  initAsync: false,
  // Emails are rendered by React (which escapes); plain-text parts must not show &amp; either.
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** The texts of one language, for the server: `translator('es')('emails:decline.subject', {...})`. */
export const translator = (language: Language): TFunction => instance.getFixedT(language)

export { resources }
