import * as z from 'zod'

/**
 * GET /api/health: the summary for anyone; each dependency's state only for callers with the
 * health token.
 */
export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), z.enum(['ok', 'down', 'not configured'])).optional(),
})
export type Health = z.infer<typeof Health>
