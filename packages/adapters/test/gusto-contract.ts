import { isDeepStrictEqual } from 'node:util'
import * as z from 'zod'
import { PayrollUpdate$outboundSchema } from '@gusto/embedded-api/models/components/payrollupdate.js'
import { PutV1CompaniesCompanyIdPayrollsPayrollIdPrepareRequestBody$outboundSchema } from '@gusto/embedded-api/models/operations/putv1companiescompanyidpayrollspayrollidprepare.js'
import { PutV1CompaniesCompanyIdPayrollsHeaderXGustoAPIVersion } from '@gusto/embedded-api/models/operations/putv1companiescompanyidpayrolls.js'

/**
 * Every request we send to Gusto, checked against Gusto's own description of it. Where Gusto's
 * official TypeScript client (@gusto/embedded-api) has the endpoint, its own zod schema decides:
 * the body, read into the client's names, must come back out of the client's schema unchanged (an
 * unknown or misspelt field is dropped by it, a wrong type refused). The Time Tracking API is not
 * in that client: its schemas below are written from Gusto's reference pages "Create a time
 * sheet" (POST /v1/companies/{company_uuid}/time_tracking/time_sheets), "Update a time sheet" (PUT
 * /v1/time_tracking/time_sheets/{time_sheet_uuid}) and "Create a payroll sync" (POST
 * /v1/companies/{company_id}/time_tracking/payroll_syncs), strict so that no field they do not
 * name passes.
 */

const camel = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(camel)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), camel(v)]),
        )
      : value

interface OutboundSchema {
  safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: unknown }
}
const viaClient = (schema: OutboundSchema) => (body: unknown) => {
  const parsed = schema.safeParse(camel(body))
  if (!parsed.success) return [`refused by Gusto's client schema: ${String(parsed.error)}`]
  return isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)
    ? []
    : [`fields Gusto's client schema does not know: ${JSON.stringify(body)} became ${JSON.stringify(parsed.data)}`]
}

const isoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /T\d\d:\d\d/.test(s), 'ISO 8601 timestamp')
const Entry = z.strictObject({
  hours_worked: z.number().nonnegative(),
  pay_classification: z.enum(['Regular', 'Overtime', 'Double overtime']),
})
const metadata = z
  .record(z.string().max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 metadata keys')
export const TimeSheetCreate = z.strictObject({
  entity_uuid: z.string().min(1),
  entity_type: z.enum(['Employee', 'Contractor']),
  job_uuid: z.string().min(1).optional(),
  time_zone: z.string().min(1),
  shift_started_at: isoInstant,
  shift_ended_at: isoInstant.optional(),
  metadata: metadata.optional(),
  entries: z.array(Entry).optional(),
})
export const TimeSheetUpdate = TimeSheetCreate.partial().extend({ version: z.string().min(1) })
export const PayrollSyncCreate = z.strictObject({
  kind: z.enum(['regular']),
  pay_schedule_uuid: z.string().min(1),
  pay_period_start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  pay_period_end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
})
const viaOwn = (schema: z.ZodType) => (body: unknown) => {
  const parsed = schema.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}
const noBody = (body: unknown) => (body === undefined ? [] : ['this call takes no body'])

const routes: [string, RegExp, (body: unknown) => string[]][] = [
  ['GET', /^\/v1\/token_info$/, noBody],
  ['GET', /^\/v1\/companies\/[^/]+\/employees$/, noBody],
  ['GET', /^\/v1\/companies\/[^/]+\/time_off_policies$/, noBody],
  ['GET', /^\/v1\/companies\/[^/]+\/pay_periods$/, noBody],
  ['POST', /^\/v1\/companies\/[^/]+\/time_tracking\/time_sheets$/, viaOwn(TimeSheetCreate)],
  ['PUT', /^\/v1\/time_tracking\/time_sheets\/[^/]+$/, viaOwn(TimeSheetUpdate)],
  ['DELETE', /^\/v1\/time_tracking\/time_sheets\/[^/]+$/, noBody],
  ['POST', /^\/v1\/companies\/[^/]+\/time_tracking\/payroll_syncs$/, viaOwn(PayrollSyncCreate)],
  [
    'PUT',
    /^\/v1\/companies\/[^/]+\/payrolls\/[^/]+\/prepare$/,
    viaClient(PutV1CompaniesCompanyIdPayrollsPayrollIdPrepareRequestBody$outboundSchema),
  ],
  ['PUT', /^\/v1\/companies\/[^/]+\/payrolls\/[^/]+$/, viaClient(PayrollUpdate$outboundSchema)],
]

const VERSIONS: readonly string[] = Object.values(PutV1CompaniesCompanyIdPayrollsHeaderXGustoAPIVersion)

/** One request to Gusto, as the double records it. */
export interface GustoCall {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

/** What is wrong with one request by Gusto's description ([] when nothing is). */
export const gustoContractProblems = (req: GustoCall): string[] => {
  const path = req.path.split('?')[0]!
  const route = routes.find(([m, p]) => m === req.method && p.test(path))
  if (!route) return [`${req.method} ${path} is not a Gusto endpoint we know`]
  const problems = route[2](req.body)
  const version = req.headers['x-gusto-api-version']
  if (typeof version !== 'string' || !VERSIONS.includes(version))
    problems.push(`X-Gusto-API-Version must be one of ${VERSIONS.join(', ')}`)
  if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) problems.push('a bearer token is required')
  return problems
}
