import * as z from 'zod'
import { notificationSettingsOf } from './reminders.ts'
import { requiredText } from './text-schemas.ts'
import { TEXT_LIMITS } from './text.ts'
import { TimeZone, WeekStartDay } from './week-schemas.ts'

const LOGO_URL_MESSAGE = 'Logo URL must start with https://'

/** The path an upload stores (POST /api/organization/logo): the organization's id, then a content hash. */
const STORED_LOGO = /^\/api\/logos\/([\w-]+)\/logo-[0-9a-f]{16}\.(png|jpg|webp|svg)$/

const isHttpsUrl = (s: string) => /^https:\/\/[^\s"'<>\\/?#]+(\/[^\s"'<>\\]*)?$/i.test(s)

/**
 * A logo address an organization may store: its own uploaded logo, exactly as the upload names it,
 * or an https image address. Anything else under /api (such as /api/logos/../logout) would be
 * fetched by every member's browser on each page load. Only the handler knows the organization.
 */
export const logoUrlAllowed = (url: string, organizationId: string): boolean =>
  isHttpsUrl(url) || STORED_LOGO.exec(url)?.[1] === organizationId

/** The shape before the organization is known: an upload's path or an https address, '' for none. */
const LogoUrl = z
  .string()
  .trim()
  .max(2048, 'Logo URL must be 2048 characters or fewer')
  .refine((s) => s === '' || STORED_LOGO.test(s) || isHttpsUrl(s), LOGO_URL_MESSAGE)
  .transform((s) => s || null)

export const OrganizationSettingsUpdate = z.object({
  organizationName: requiredText(
    'Organization name is required',
    TEXT_LIMITS.organizationName,
    `Organization name must be ${TEXT_LIMITS.organizationName} characters or fewer`,
  ),
  logoUrl: LogoUrl.nullable().optional(),
  timeZone: TimeZone.optional(),
  weekStartDay: WeekStartDay.optional(),
  approvalEmails: z.boolean({ error: 'approvalEmails must be true or false' }).optional(),
})
export type OrganizationSettingsUpdate = z.infer<typeof OrganizationSettingsUpdate>

export const OrganizationSettings = z.object({
  organizationName: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  weekStartDay: WeekStartDay,
  approvalEmails: z.boolean(),
  /** Issue 34: hours after which a day's running timer has a missing clock-out (Settings → Notifications). */
  clockOutLimitHours: z.number().int(),
})
export type OrganizationSettings = z.infer<typeof OrganizationSettings>

/** The settings as the API answers them. */
export const settingsOf = (org: {
  name: string
  logoUrl: string | null
  timeZone: string
  weekStartDay: WeekStartDay
  approvalEmails: boolean
  notifications?: unknown
}): OrganizationSettings => ({
  organizationName: org.name,
  logoUrl: org.logoUrl,
  timeZone: org.timeZone,
  weekStartDay: org.weekStartDay,
  approvalEmails: org.approvalEmails,
  clockOutLimitHours: notificationSettingsOf(org.notifications, org.weekStartDay).forgottenTimerHours,
})
