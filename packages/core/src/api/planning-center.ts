import * as z from 'zod'
import { SyncCounts } from '../planning-center-sync.ts'
import { requiredText } from '../text-schemas.ts'

/** Planning Center People's calls (Settings → Integrations): the token connection, the lists, the sync. */

const Secret = requiredText('Required', 200, 'At most 200 characters')

/** POST /api/integrations/planning-center/token: a personal access token (application id and secret). */
export const PlanningCenterToken = z.object({ applicationId: Secret, secret: Secret })
export type PlanningCenterToken = z.infer<typeof PlanningCenterToken>

const ListId = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,40}$/, 'Choose a list from Planning Center')
  .nullable()

/** PUT /api/integrations/planning-center: the lists chosen, the departments new members get, the webhook secrets. */
export const PlanningCenterSettingsUpdate = z
  .object({
    staffListId: ListId,
    volunteersListId: ListId,
    staffDepartment: requiredText('Department is required', 100, 'Department must be at most 100 characters'),
    volunteersDepartment: requiredText('Department is required', 100, 'Department must be at most 100 characters'),
    /** The webhook subscriptions' authenticity secrets; absent keeps the ones stored, [] forgets them. */
    webhookSecrets: z
      .array(
        z
          .string({ error: 'A webhook secret is text' })
          .trim()
          .min(16, 'Paste the whole authenticity secret')
          .max(200, 'At most 200 characters'),
      )
      .max(10, 'At most 10 webhook secrets')
      .optional(),
  })
  .refine((s) => s.staffListId === null || s.staffListId !== s.volunteersListId, {
    message: 'Choose two different lists',
    path: ['volunteersListId'],
  })
export type PlanningCenterSettingsUpdate = z.infer<typeof PlanningCenterSettingsUpdate>

/** A sync's run as the page shows it: what changed (with both values of a conflict) and what it could not do. */
export const PlanningCenterRunView = z.object({
  at: z.string(),
  trigger: z.enum(['manual', 'webhook', 'nightly']),
  status: z.enum(['done', 'failed']),
  counts: SyncCounts,
  changes: z.array(
    z.object({
      memberId: z.string().nullable(),
      name: z.string(),
      status: z.enum(['new', 'updated', 'deactivated']),
      conflicts: z.array(
        z.object({ field: z.string(), ours: z.string().nullable(), theirs: z.string().nullable(), won: z.string() }),
      ),
    }),
  ),
  problems: z.array(
    z.object({
      name: z.string(),
      reason: z.string(),
      key: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  /** Why a failed run stopped (Planning Center's words, or ours). */
  error: z.string().nullable(),
})
export type PlanningCenterRunView = z.infer<typeof PlanningCenterRunView>

/** The sync's settings as stored and as the page shows them: the lists and departments chosen. */
export const PlanningCenterChoices = z.object({
  staffListId: z.string().nullable(),
  volunteersListId: z.string().nullable(),
  staffDepartment: z.string(),
  volunteersDepartment: z.string(),
  /** How many webhook secrets are kept (never the secrets: those are only ever stored sealed). */
  webhookSecrets: z.number().int(),
  /** The Planning Center organization the connection reaches, once known (found at the first sync). */
  accountId: z.string().nullable(),
})

/** GET (and PUT) /api/integrations/planning-center: the settings, the lists to choose from, the last run. */
export const PlanningCenterView = z.object({
  connected: z.boolean(),
  ...PlanningCenterChoices.shape,
  /** Planning Center's lists (empty when not connected or not reachable now). */
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Why the lists could not be read, when they could not. */
  listsError: z.string().nullable(),
  lastRun: PlanningCenterRunView.nullable(),
})
export type PlanningCenterView = z.infer<typeof PlanningCenterView>

/** The webhook's answer to Planning Center (any 2xx is a delivery received). */
export const PlanningCenterWebhookReceipt = z.object({ received: z.boolean(), applied: z.number().int() })

export const planningCenterMessages = {
  noLists: 'Choose the Planning Center list of staff or of volunteers first',
  badSignature: 'Invalid webhook signature',
  tokenRefused: 'Planning Center refused this application id and secret',
  accountTaken: 'This Planning Center account is already connected to another organization',
} as const
