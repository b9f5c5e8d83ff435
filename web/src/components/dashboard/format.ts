import { fullName, type EmbeddedEmployee } from '@app/core'

/** The embedded employee's name; a removed member has none. */
export const employeeName = (employee: EmbeddedEmployee | null) =>
  employee ? fullName(employee) || 'Unnamed member' : 'Removed member'

/** An instant as the browser's calendar date, 'Nov 18, 2026', like the week dates beside it. */
export const formatInstantDate = (iso: string | null | undefined, empty = '-') => {
  if (!iso) return empty
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}

/** An instant with its time of day, 'Nov 18, 2026, 3:05 PM'. */
export const formatInstant = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
}
