import { daysOf, daysOfWeekStarting, type Timesheet } from '@app/core'
import type { Words } from './words.ts'

/** Escapes text for HTML pages and emails the functions write. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A week's days in its own order as table rows: day, times or 'No hours logged', hours. */
export const dayRowsHtml = (w: Words, sheet: Timesheet) =>
  daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
    .map((d) => {
      const worked = Boolean(d.start && d.end)
      return `<tr><td>${escapeHtml(w.day(d.day))}</td><td>${worked ? `${d.start}&ndash;${d.end}` : escapeHtml(w.say('noHours'))}</td><td>${worked ? escapeHtml(w.hours(d.hours)) : ''}</td></tr>`
    })
    .join('')
