import { openApiDocument } from '../http/openapi.ts'
import { routes } from '../routes.ts'

/** The published API's document and the route that serves it, for whoever composes the routes. */
export const openApiOfManifest = () => ({ key: 'openapi/get-openapi', document: openApiDocument(routes) })
