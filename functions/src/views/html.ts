import { daysOf, daysOfWeekStarting, rangesText, type DayEntry, type Timesheet } from '@app/core'
import type { Words } from './words.ts'

/** Escapes text for HTML pages and emails the functions write. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A day's times as a person reads them, each span of a split day in turn ('08:00–12:00,
 * 18:00–21:00'); a half-filled day shows the time it has ('14:50–--:--').
 */
export const dayTimes = (w: Words, d: Pick<DayEntry, 'spans'>, dash = '–') =>
  d.spans.length ? rangesText(d.spans, { dash }) : w.say('noHours')

/**
 * A week's days in its own order as table rows: day, times or 'No hours logged' (a half-filled day
 * shows the time it has), hours; then the day's activity when it has one.
 */
export const dayRowsHtml = (w: Words, sheet: Timesheet) =>
  daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
    .map((d) => {
      const worked = Boolean(d.start && d.end)
      const times = escapeHtml(dayTimes(w, d))
      const activity = d.activity ? `<tr><td colspan="3">${escapeHtml(d.activity)}</td></tr>` : ''
      return `<tr><td>${escapeHtml(w.day(d.day))}</td><td>${times}</td><td>${worked ? escapeHtml(w.dayHours(d)) : ''}</td></tr>${activity}`
    })
    .join('')
