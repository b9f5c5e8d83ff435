import * as z from 'zod'

/**
 * GET /api/openapi.json: the published API, an OpenAPI 3.1 document generated from the
 * route manifest. Only the parts the /developers page reads are typed; the rest passes through.
 */
const JsonSchema = z.record(z.string(), z.unknown())
export const OpenApiParameter = z.object({
  name: z.string(),
  in: z.enum(['path', 'query']),
  required: z.boolean(),
  schema: JsonSchema,
  description: z.string().optional(),
})
export const OpenApiOperation = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  parameters: z.array(OpenApiParameter),
  requestBody: z
    .object({ required: z.boolean(), content: z.object({ 'application/json': z.object({ schema: JsonSchema }) }) })
    .optional(),
  /** Each success described here; each error a reference to the shared one of its status (`components.responses`). */
  responses: z.record(
    z.string(),
    z.union([z.looseObject({ description: z.string() }), z.object({ $ref: z.string() })]),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  /** Who may call it: 'public', 'member' or 'supervisor'; and the API token scope that reaches it, if any. */
  'x-access': z.enum(['public', 'member', 'supervisor']),
  'x-token-scope': z.string().optional(),
})
export type OpenApiOperation = z.infer<typeof OpenApiOperation>
export const OpenApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), OpenApiOperation)),
  components: z.looseObject({ securitySchemes: z.record(z.string(), z.unknown()) }),
})
export type OpenApiDocument = z.infer<typeof OpenApiDocument>
