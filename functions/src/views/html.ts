import { daysOf, daysOfWeekStarting, dayLabel, formatHours, type Timesheet } from '@app/core'

/** Escapes text for HTML pages and emails the functions write. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A week's days in its own order as table rows: day, times or 'No hours logged', hours. */
export const dayRowsHtml = (sheet: Timesheet) =>
  daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
    .map((d) => {
      const worked = Boolean(d.start && d.end)
      return `<tr><td>${dayLabel[d.day]}</td><td>${worked ? `${d.start}&ndash;${d.end}` : 'No hours logged'}</td><td>${worked ? escapeHtml(formatHours(d.hours)) : ''}</td></tr>`
    })
    .join('')
