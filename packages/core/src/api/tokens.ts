import * as z from 'zod'
import { ApiScope, apiTokenMessages } from '../api-tokens.ts'
import { chosenAtLeastOne } from '../choice-schemas.ts'
import { namedText } from '../text-schemas.ts'

/** POST /api/tokens: a name to recognise the token by, and what it may do. */
export const ApiTokenInput = z.object({
  name: namedText('Name', 60),
  scopes: chosenAtLeastOne(ApiScope, 'Choose at least one scope'),
  /** When the token stops working (an ISO date-time in the future); none or null: never. Kept in UTC. */
  expiresAt: z.iso
    .datetime({ offset: true, error: apiTokenMessages.expiryInvalid })
    .refine((at) => Date.parse(at) > Date.now(), { error: apiTokenMessages.expiryPast })
    .transform((at) => new Date(at).toISOString())
    .nullable()
    .optional(),
})
export type ApiTokenInput = z.infer<typeof ApiTokenInput>

/** A token as GET /api/tokens lists it: never its secret. */
export const ApiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When it stops working, or null for never; an expired token is listed until revoked. */
  expiresAt: z.string().nullable(),
})
export type ApiTokenView = z.infer<typeof ApiTokenView>
export const ApiTokenList = z.array(ApiTokenView)
export type ApiTokenList = z.infer<typeof ApiTokenList>

/** POST /api/tokens answers the token as it will be listed (not used yet), with its secret this once; only its hash is stored. */
export const ApiTokenCreated = ApiTokenView.omit({ lastUsedAt: true }).extend({ token: z.string() })
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>

export const ApiTokenId = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'Invalid token id' }) })
