import * as z from 'zod'
import { logoDataUrlProblem } from './logo-limits.ts'
import { notificationSettingsOf } from './reminders.ts'
import { namedText } from './text-schemas.ts'
import { TEXT_LIMITS } from './text.ts'
import { TimeZone, WeekStartDay } from './week-schemas.ts'
import { DAYS, type DayName } from './week.ts'

const LOGO_URL_MESSAGE = 'Logo URL must start with https://'
export const WORKING_DAYS_MESSAGE = 'Working days are days of the week, each at most once'

/**
 * The days the organization normally works: the Time off calendar shades the others. Monday to
 * Friday until a church chooses (Sunday is often its busiest day, so it is a choice, not a rule).
 */
export const DEFAULT_WORKING_DAYS: readonly DayName[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']

/** The setup guide's steps, in the order it walks them (Settings → Setup guide). */
export const SETUP_STEPS = ['timeZone', 'payPeriod', 'members', 'timeOff', 'approvals'] as const
export const SetupStep = z.enum(SETUP_STEPS, { error: `Setup step is one of ${SETUP_STEPS.join(', ')}` })
export type SetupStep = z.infer<typeof SetupStep>
/** A step finished or passed over; a step with neither is where the guide resumes. */
export const SetupStepState = z.enum(['done', 'skipped'], { error: 'Setup step state is done or skipped' })
export type SetupStepState = z.infer<typeof SetupStepState>
/** The guide's progress as kept on the organization, so it resumes on any supervisor's device. */
export const SetupGuide = z.partialRecord(SetupStep, SetupStepState)
export type SetupGuide = z.infer<typeof SetupGuide>

/** PUT /api/organization/setup-guide: one step marked done or skipped. */
export const SetupGuideUpdate = z.object({ step: SetupStep, state: SetupStepState })
export type SetupGuideUpdate = z.infer<typeof SetupGuideUpdate>

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

const LOGO_URL_MAX = 2048

const logoAddressProblem = (s: string): string | undefined => {
  if (s.length > LOGO_URL_MAX) return `Logo URL must be ${LOGO_URL_MAX} characters or fewer`
  return s === '' || STORED_LOGO.test(s) || isHttpsUrl(s) ? undefined : LOGO_URL_MESSAGE
}

/**
 * The shape before the organization is known: an upload's path, an https address, or the image
 * itself as a data URL; '' for none.
 */
const LogoUrl = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    const problem = s.startsWith('data:') ? logoDataUrlProblem(s) : logoAddressProblem(s)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((s) => s || null)

export const OrganizationSettingsUpdate = z.object({
  organizationName: namedText('Organization name', TEXT_LIMITS.organizationName),
  logoUrl: LogoUrl.nullable().optional(),
  timeZone: TimeZone.optional(),
  weekStartDay: WeekStartDay.optional(),
  approvalEmails: z.boolean({ error: 'approvalEmails must be true or false' }).optional(),
  workingDays: z
    .array(z.enum(DAYS, { error: WORKING_DAYS_MESSAGE }), { error: WORKING_DAYS_MESSAGE })
    .max(7, WORKING_DAYS_MESSAGE)
    .refine((days) => new Set(days).size === days.length, WORKING_DAYS_MESSAGE)
    // Stored in week order from Monday, so an equal choice compares equal.
    .transform((days) => DAYS.filter((d) => days.includes(d)))
    .optional(),
})
export type OrganizationSettingsUpdate = z.infer<typeof OrganizationSettingsUpdate>

export const OrganizationSettings = z.object({
  organizationName: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  weekStartDay: WeekStartDay,
  approvalEmails: z.boolean(),
  /** Hours after which a day's running timer has a missing clock-out (Settings → Notifications). */
  clockOutLimitHours: z.number().int(),
  /** Days the organization normally works, Monday first (absent from answers made before it existed). */
  workingDays: z.array(z.enum(DAYS)).optional(),
  /** The setup guide's progress. */
  setupGuide: SetupGuide.optional(),
  /** Whether the member asking created the organization: the first-run checklist is theirs alone. */
  firstSupervisor: z.boolean().optional(),
})
export type OrganizationSettings = z.infer<typeof OrganizationSettings>

/** The working days an answer carries, Monday to Friday when it carries none. */
export const workingDaysOf = (settings: { workingDays?: readonly DayName[] | undefined }): readonly DayName[] =>
  settings.workingDays ?? DEFAULT_WORKING_DAYS

/**
 * Whether `member` created the organization: its `createdBy`, or for an organization stored before
 * that was kept, the member written in the same first sign-in (both items carry its one timestamp).
 */
export const isFirstSupervisor = (
  org: { createdBy?: string | undefined; createdAt?: string | undefined },
  member: { id: string; createdAt: string; role: string },
): boolean =>
  member.role === 'supervisor' &&
  (org.createdBy !== undefined ? org.createdBy === member.id : org.createdAt === member.createdAt)

/** The settings as the API answers them; `viewer`, when given, is the member asking. */
export const settingsOf = (
  org: {
    name: string
    logoUrl: string | null
    timeZone: string
    weekStartDay: WeekStartDay
    approvalEmails: boolean
    notifications?: unknown
    workingDays?: DayName[] | undefined
    setupGuide?: SetupGuide | undefined
    createdBy?: string | undefined
    createdAt?: string | undefined
  },
  viewer?: { id: string; createdAt: string; role: string },
): OrganizationSettings => ({
  organizationName: org.name,
  logoUrl: org.logoUrl,
  timeZone: org.timeZone,
  weekStartDay: org.weekStartDay,
  approvalEmails: org.approvalEmails,
  clockOutLimitHours: notificationSettingsOf(org.notifications, org.weekStartDay).forgottenTimerHours,
  workingDays: [...workingDaysOf(org)],
  setupGuide: org.setupGuide ?? {},
  ...(viewer ? { firstSupervisor: isFirstSupervisor(org, viewer) } : {}),
})
