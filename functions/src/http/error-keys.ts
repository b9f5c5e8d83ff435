import { messageKeyFinder } from '@app/i18n'
import { resources } from '@app/i18n/resources'

export type { MessageKey } from '@app/i18n'

/** The `errors` key (and values) of an English message the API answers, or undefined for a text outside the catalogue. */
export const messageKeyOf = messageKeyFinder(resources.en.errors)
