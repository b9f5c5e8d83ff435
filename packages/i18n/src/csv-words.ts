import type { TFunction } from 'i18next'
import type { CsvWords } from '@app/core'

/**
 * Our own CSV layouts' words in the language of `t` (the web's current one, or a reader's on the
 * server), made once per file: a file repeats a few words on every row (a status, 'Removed
 * member'), and each lookup costs far more than the row's own work, so each word is looked up once.
 */
export const csvWords = (t: TFunction): CsvWords => {
  const said = new Map<string, string>()
  const say = (key: string) => said.get(key) ?? said.set(key, t(key, {})).get(key)!
  return {
    word: (key, values) => (values ? t(`common:csv.${key}`, values) : say(`common:csv.${key}`)),
    day: (day) => say(`common:days.${day}`),
    status: (status) => say(`common:status.${status}`),
  }
}
