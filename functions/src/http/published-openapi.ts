import type { OpenApiDocument } from '@app/core'

/**
 * The published API's document, made from the route manifest by whoever composes the routes: the
 * CDK app at synth (into this function's bundle, infra/lib/constructs/api.ts), the local stack and
 * the test setup at start. So the route that serves it imports no other route: its bundle stays
 * small and the manifest never imports itself.
 */
let published: OpenApiDocument | undefined

export const publishOpenApi = (document: OpenApiDocument) => {
  published = document
}

export const publishedOpenApi = (): OpenApiDocument | undefined => published
