import * as z from 'zod'
import { NoContent, type User } from '@app/core'
import type { OrgDb } from '@app/data'
import { defineRoute, type Route } from './define-route.ts'

export interface RemovalRoute {
  path: `/api/${string}/{id}`
  /** The item's id, checked before anything is read. */
  params: z.ZodType<{ id: string }>
  /** Removes the item for good, recording who did it; a miss throws notFound. */
  remove: (db: OrgDb, id: string, by: User) => Promise<unknown>
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
    params: spec.params,
    response: NoContent,
    uses: ['table'],
    handler: async ({ params, session, db }) => {
      await spec.remove(db, params.id, session.user)
      return undefined
    },
  })
