import * as z from 'zod'

/** Export everything: a job's state as the API answers it. */
export const ExportState = z.enum(['running', 'done', 'failed'])
export type ExportState = z.infer<typeof ExportState>

/** POST /api/organization/export: the job started. */
export const ExportStarted = z.object({ id: z.string(), status: z.literal('running') })
export type ExportStarted = z.infer<typeof ExportStarted>

/** GET /api/organization/export/{id}: how far it got; `url` (a 15-minute link to the zip) once done. */
export const ExportStatus = z.object({
  status: ExportState,
  progress: z.number().int().min(0).max(100),
  url: z.string().nullable(),
})
export type ExportStatus = z.infer<typeof ExportStatus>

export const exportMessages = {
  running: 'An export of this organization is already being made',
} as const

export const ExportId = z.object({ id: z.uuid({ error: 'Invalid export id' }) })
