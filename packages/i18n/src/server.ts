import { createInstance, type Resource, type TFunction } from 'i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/core'
import enCommon from '../locales/en/common.json' with { type: 'json' }
import enEmails from '../locales/en/emails.json' with { type: 'json' }
import esCommon from '../locales/es/common.json' with { type: 'json' }
import esEmails from '../locales/es/emails.json' with { type: 'json' }

/**
 * What the server says itself: the emails and one-click pages (`emails`) and the shared words
 * (`common`: days, statuses, our CSVs' titles). Only these, so a function's bundle does not carry
 * the screens' catalogues; error messages travel as codes and the web translates them.
 */
const SERVER_NAMESPACES = ['common', 'emails'] as const
const serverResources = {
  en: { common: enCommon, emails: enEmails },
  es: { common: esCommon, emails: esEmails },
} satisfies Resource

/** One i18next instance with the server's catalogues loaded synchronously (no backend, no network). */
const instance = createInstance()
void instance.init({
  resources: serverResources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'common',
  initAsync: false,
  // Emails are rendered by React (which escapes); plain-text parts must not show &amp; either.
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** The server's texts in one language: `translator('es')('emails:declined.subject', {...})`. */
export const translator = (language: Language): TFunction => instance.getFixedT(language)
