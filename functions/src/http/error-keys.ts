import { messageKeyFinder } from '@app/i18n'
// Only the English `errors` texts: every route carries this, so it stays out of the other catalogues.
import englishErrors from '@app/i18n/locales/en/errors.json' with { type: 'json' }

export type { MessageKey } from '@app/i18n'

/** The `errors` key (and values) of an English message the API answers, or undefined for a text outside the catalogue. */
export const messageKeyOf = messageKeyFinder(englishErrors)
