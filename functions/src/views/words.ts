import { Fragment, createElement as h, type ReactNode } from 'react'
import { formatHoursNumberIn, localeOf, weekEnd, type DayName, type Language } from '@app/core'
import { csvWords } from '@app/i18n'
import { translator } from '@app/i18n/server'

/** Our own CSV layouts' words in a reader's language. */
export const csvWordsFor = (language: Language) => csvWords(translator(language))

/**
 * The words of one email or page in its reader's language: the `emails` catalogue's
 * texts, and dates in that language's locale. English reads exactly as the spec's texts.
 */
export const wordsFor = (language: Language) => {
  const t = translator(language)
  const dates = new Intl.DateTimeFormat(localeOf(language), {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
  const date = (iso: string) => dates.format(new Date(`${iso}T00:00:00Z`))
  const names = new Intl.ListFormat(localeOf(language), { type: 'conjunction' })
  const range = (weekStart: string) => `${date(weekStart)} - ${date(weekEnd(weekStart))}`
  return {
    language,
    /** A text of the `emails` catalogue: `say('declined.subject', { week })`. */
    say: (key: string, values?: Record<string, unknown>): string => t(`emails:${key}`, values ?? {}),
    /** 'Nov 16, 2026' or '16 nov 2026'. */
    date,
    /** The week's dates, as 'week of {range}' phrases take them. */
    range,
    /** 'Week of Nov 16, 2026 - Nov 22, 2026'. */
    week: (weekStart: string) => t('emails:weekOf', { range: range(weekStart) }),
    /** '7.5 hours' (one decimal, as the totals are shown everywhere). */
    // Numbers as the language writes them ('7,5' in Spanish), not as the dates' locale (es-US) does.
    hours: (hours: number) => t('emails:hours', { hours: formatHoursNumberIn(hours, language) }),
    /** A day's paid hours and, when it had one, its unpaid break: '7.5 hours, 30 min break'. */
    dayHours: (d: { hours: number; breakMinutes: number }) =>
      t('emails:hours', { hours: formatHoursNumberIn(d.hours, language) }) +
      (d.breakMinutes > 0 ? t('emails:dayBreak', { minutes: d.breakMinutes }) : ''),
    day: (day: DayName) => t(`emails:days.${day}`),
    /** 'Ana Silva, Sam Lee and Beth Youth', as the language joins a list ('… y …' in Spanish). */
    list: (items: string[]) => names.format(items),
    /**
     * A sentence with markup inside (a name in bold): the whole sentence is translated, so each
     * language keeps its own word order, and the marked values are put back as elements.
     */
    rich: (key: string, values: Record<string, string>, marked: Record<string, ReactNode>): ReactNode => {
      const slots = Object.fromEntries(Object.keys(marked).map((name) => [name, `\uE000${name}\uE000`]))
      const parts = t(`emails:${key}`, { ...values, ...slots }).split(/\uE000(\w+)\uE000/)
      return h(Fragment, null, ...parts.map((part, i) => (i % 2 ? marked[part] : part)))
    },
  }
}
export type Words = ReturnType<typeof wordsFor>
