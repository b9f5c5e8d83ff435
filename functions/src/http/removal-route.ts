import * as z from 'zod'
import { NoContent } from '@app/core'
import type { OrgDb } from '@app/data'
import { defineRoute, type Route } from './define-route.ts'
import type { AuthSession } from './middleware.ts'

export interface RemovalRoute {
  path: `/api/${string}/{id}`
  /** The item's id, checked before anything is read. */
  params: z.ZodType<{ id: string }>
  /**
   * Removes the item for good, recording who did it; a miss, or an item outside the caller's
   * campuses, throws notFound.
   */
  remove: (db: OrgDb, id: string, session: AuthSession) => Promise<unknown>
  /** The whole church's item (a webhook): a campus admin is refused 403. */
  wholeChurch?: true
}

/**
 * A supervisor's DELETE of one item the organization's settings list (an API token, a kiosk, a
 * webhook): it is gone at once and its next use is refused; the answer is 204.
 */
export const removalRoute = (spec: RemovalRoute): Route =>
  defineRoute({
    method: 'DELETE',
    path: spec.path,
    auth: 'supervisor',
    wholeChurch: spec.wholeChurch,
    params: spec.params,
    response: NoContent,
    errors: [404],
    uses: ['table'],
    handler: async ({ params, session, db }) => {
      await spec.remove(db, params.id, session)
      return undefined
    },
  })
