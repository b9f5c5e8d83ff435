import { config } from '@app/adapters'
import { OpenApiDocument } from '@app/core'
import { defineRoute, type Route } from '../http/define-route.ts'
import { openApiDocument } from '../http/openapi.ts'

/** The published API (issue 35): the OpenAPI 3.1 document of the route manifest, made from it on each cold start. */
let made: OpenApiDocument | undefined
export default defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  auth: 'public',
  response: OpenApiDocument,
  uses: ['table:read'],
  // Typed here, not inferred: the manifest imports this route, so its type cannot come from the manifest.
  handler: async (): Promise<OpenApiDocument> => {
    // The manifest is read when called, not when loaded.
    const manifest: { routes: Record<string, Route> } = await import('../routes.ts')
    return (made ??= openApiDocument(manifest.routes, config.appOrigin))
  },
})
