import * as z from 'zod'
import { TimeZone, WeekStartDay } from './week.ts'

/** Our own logo links (after an upload) or an https image address. */
const LogoUrl = z
  .string()
  .trim()
  .max(2048, 'Logo URL must be 2048 characters or fewer')
  .refine(
    (s) => s === '' || s.startsWith('/api/logos/') || /^https:\/\/[^\s"'<>]+$/i.test(s),
    'Logo URL must start with https://',
  )
  .transform((s) => s || null)

export const OrganizationSettingsUpdate = z.object({
  organizationName: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(100, 'Organization name must be 100 characters or fewer'),
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
})
export type OrganizationSettings = z.infer<typeof OrganizationSettings>

/** The settings as the API answers them. */
export const settingsOf = (org: {
  name: string
  logoUrl: string | null
  timeZone: string
  weekStartDay: WeekStartDay
  approvalEmails: boolean
}): OrganizationSettings => ({
  organizationName: org.name,
  logoUrl: org.logoUrl,
  timeZone: org.timeZone,
  weekStartDay: org.weekStartDay,
  approvalEmails: org.approvalEmails,
})
