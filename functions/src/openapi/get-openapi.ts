import { config } from '@app/adapters'
import { OpenApiDocument, unavailable } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { publishedOpenApi } from '../http/published-openapi.ts'

/** The published API: the OpenAPI 3.1 document of the route manifest, served from this function's origin. */
export default defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  auth: 'public',
  response: OpenApiDocument,
  errors: [503],
  uses: ['table:read'],
  handler: async () => {
    const document = publishedOpenApi()
    if (!document) throw unavailable('The API description is not published')
    return { ...document, servers: [{ url: config.appOrigin }] }
  },
})
