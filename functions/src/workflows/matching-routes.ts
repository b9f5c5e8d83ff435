import type * as z from 'zod'
import type { OrgDb } from '@app/data'
import { defineRoute, type ErrorStatus, type Route, type Use } from '../http/define-route.ts'
import { chosenPairs, keepChosenPairs } from './integrations.ts'

/**
 * A payroll vendor whose people and lists the supervisor pairs with ours on the Payroll page: its
 * matching routes are the same for each vendor but for the path, the answer's schema and its view.
 */
type MatchingVendor = 'gusto' | 'quickbooks'

/**
 * Whole-church supervisors only; the vendor is read with the connection's sealed tokens (409 when
 * it is not connected, 503 when the vendor does not answer).
 */
const access = {
  auth: 'supervisor' as const,
  wholeChurch: true as const,
  errors: [409, 503] as ErrorStatus[],
  uses: ['table', 'integrations', 'secretsKey'] as Use[],
}

/**
 * GET of a vendor's matching: its people and lists beside our paid members and lists, the pairs
 * kept, and the rule's for the rest.
 */
export const matchingRead = <V>(
  vendor: MatchingVendor,
  response: z.ZodType<V>,
  view: (db: OrgDb) => Promise<V>,
): Route =>
  defineRoute({
    method: 'GET',
    path: `/api/integrations/${vendor}/matching`,
    ...access,
    response,
    handler: ({ db }) => view(db),
  })

/** What every vendor's matching holds: our paid members, each with the vendor's employee, and the vendor's employees. */
interface MemberMatching {
  members: { memberId: string }[]
  employees: { id: string; name: string }[]
}

/**
 * PUT of a vendor's matching: keeps the supervisor's pairs (null removes one, and the rule decides
 * again): members with the vendor's employees, and the vendor's other lists (`pairs`, checked with
 * `chosenPairs` against the matching as it is). Every id must be one of ours and one the vendor
 * has now: otherwise 400 and nothing is kept. Answers the matching as it stands after.
 */
export const matchingUpdate = <
  B extends z.ZodType<{ members: Record<string, string | null | undefined> }>,
  V extends MemberMatching,
>(spec: {
  vendor: MatchingVendor
  body: B
  response: z.ZodType<V>
  view: (db: OrgDb) => Promise<V>
  pairs: (body: z.infer<B>, now: V) => Record<string, ReturnType<typeof chosenPairs>>
}): Route =>
  defineRoute({
    method: 'PUT',
    path: `/api/integrations/${spec.vendor}/matching`,
    ...access,
    body: spec.body,
    response: spec.response,
    handler: async ({ body, db, session }) => {
      const chosen = body as z.infer<B>
      const now = await spec.view(db)
      const ourMembers = now.members.map((m) => m.memberId)
      await keepChosenPairs(db, spec.vendor, session.user, {
        member: chosenPairs(chosen.members, ourMembers, now.employees, 'members'),
        ...spec.pairs(chosen, now),
      })
      return spec.view(db)
    },
  })
