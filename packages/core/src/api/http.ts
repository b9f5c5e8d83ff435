import * as z from 'zod'

/** A route that answers 204 with no body. */
export const NoContent = z.undefined()
export type NoContent = z.infer<typeof NoContent>

/**
 * Routes that answer with a browser navigation rather than data: a redirect (sign-in, files,
 * the demo) or an HTML page (emailed decision links). Declared by name instead of a schema.
 */
export const Redirect = 'redirect'
export const Page = 'page'
export type NonJsonResponse = typeof Redirect | typeof Page
