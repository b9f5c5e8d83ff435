import * as z from 'zod'
import { dateInZone } from './datetime.ts'
import { addDays } from './week.ts'

/**
 * Closing an organization: access ends at once, the data is erased this many days
 * later, and its supervisors may reopen it until then; they are emailed a week before.
 */
export const ERASE_AFTER_DAYS = 30
export const WARN_DAYS_BEFORE_ERASURE = 7

/** The date (in the organization's time zone) on which a closure made at `closedAt` is erased. */
export const erasureDate = (closedAt: string, timeZone: string): string =>
  addDays(dateInZone(closedAt, timeZone), ERASE_AFTER_DAYS)

/** The erasure job run as of `asOf` erases a closure whose erasure date is on or before it. */
export const erasureDue = (eraseOn: string, asOf: string): boolean => eraseOn <= asOf

/** The supervisors are warned from a week before the erasure date on. */
export const erasureWarningDue = (eraseOn: string, asOf: string): boolean =>
  addDays(eraseOn, -WARN_DAYS_BEFORE_ERASURE) <= asOf

/**
 * The zone where a date begins last (UTC−12; the IANA name's sign is POSIX's, reversed). When a
 * date has begun there, it has begun in every organization's zone.
 */
export const LAST_ZONE_TO_CHANGE_DATE = 'Etc/GMT+12'

/**
 * The date a scheduled run of the erasure job erases as of (its `--as-of`): the date of `now` in
 * the zone where dates begin last, so that no organization is erased before its erasure date has
 * begun where it is, while its supervisors may still reopen it (which `canReopen` allows until the
 * day before, in the organization's zone).
 */
export const erasureRunDate = (now: Date): string => dateInZone(now, LAST_ZONE_TO_CHANGE_DATE)

/** A closed organization may be reopened until the day before its erasure date (`today` in its zone). */
export const canReopen = (eraseOn: string, today: string): boolean => today < eraseOn

/**
 * The emails a closed organization still sends: what its closure itself tells its supervisors (the
 * week-before erasure warning). Every other email of a closed organization waits in the outbox.
 */
export const SENT_WHILE_CLOSED: readonly string[] = ['erasureSoon']

/**
 * How long an email or webhook delivery of a closed organization waits before the retry job looks
 * at it again: reopened within the 30 days, what it queued goes out within this many minutes.
 */
export const CLOSED_HOLD_MINUTES = 60

/** When a closed organization's held email or webhook delivery is looked at again. */
export const closedHoldUntil = (now = Date.now()) => new Date(now + CLOSED_HOLD_MINUTES * 60_000)

/** The text that must be typed to close: the organization's exact name, nothing else. */
export const closeConfirmed = (confirm: string, organizationName: string): boolean => confirm === organizationName

export const closeMessages = {
  confirm: "Type the organization's exact name to close it",
  closed: 'This organization is closed',
  notClosed: 'This organization is not closed',
  tooLate: 'This organization can no longer be reopened',
} as const

/** POST /api/organization/close: the organization's exact name, typed to confirm. */
export const CloseOrganization = z.object({ confirm: z.string({ error: closeMessages.confirm }).max(500) })
export type CloseOrganization = z.infer<typeof CloseOrganization>

/** A closed organization: when, and the date its data is erased (reopen until the day before). */
export const OrganizationClosure = z.object({
  closedAt: z.string(),
  eraseOn: z.iso.date(),
})
export type OrganizationClosure = z.infer<typeof OrganizationClosure>

/** `npm run job -- erase-closed --as-of YYYY-MM-DD` */
export const AsOfDate = z.iso.date({ error: 'Give --as-of as YYYY-MM-DD' })
