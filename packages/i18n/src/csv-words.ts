import type { TFunction } from 'i18next'
import type { CsvWords } from '@app/core'

/** Our own CSV layouts' words in the language of `t` (the web's current one, or a reader's on the server). */
export const csvWords = (t: TFunction): CsvWords => ({
  word: (key, values) => t(`common:csv.${key}`, values ?? {}),
  day: (day) => t(`common:days.${day}`),
  status: (status) => t(`common:status.${status}`),
})
