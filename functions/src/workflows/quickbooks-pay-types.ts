import { VendorError, vendorJson } from '@app/adapters'

/**
 * QuickBooks Online's pay types (QuickBooks Payroll's employer compensations), read from Intuit's
 * Payroll and Time GraphQL API (scope `payroll.compensation.read`, the Accounting API's token). A
 * TimeActivity names one as its PayrollItemRef. Only a company with QuickBooks Payroll has them;
 * Intuit documents them as not available in sandbox.
 */

/** Intuit's "Read Employer Compensation" query (Payroll API → Compensation), with only the fields it documents. */
export const EMPLOYER_COMPENSATIONS_QUERY =
  'query RequestEmployerInfo { payrollEmployerInfo { employerCompensations { edges { node { id alternateIds { id } name type { key value description } } } } } }'

export interface QboPayType {
  id: string
  name: string
  /** Intuit's kind of compensation (`HOURLY_PAY`, `SALARY`, ...), when it says. */
  type: string | null
}

export type PayTypes = { available: true; items: QboPayType[] } | { available: false; vendorMessages: string[] }

interface CompensationsAnswer {
  data?: {
    payrollEmployerInfo?: {
      employerCompensations?: {
        edges?: ({ node?: { id?: string; name?: string; type?: { key?: string } | null } | null } | null)[]
      } | null
    } | null
  } | null
  errors?: { message?: string }[]
}

/**
 * The employer's pay types, or why there are none: GraphQL errors (a company without QuickBooks
 * Payroll, a connection made without the pay types' scope, the sandbox) and any other refusal mean
 * "no pay types", in QuickBooks' words. A 401 is thrown for the token store (refresh once, then
 * reconnect); an outage or a 429 is thrown too, so a passing failure is tried again and never read
 * as "this company has no pay types".
 */
export const employerPayTypes = async (
  accessToken: string,
  ctx: { vendor: { endpoints: { graphql?: string } } },
): Promise<PayTypes> => {
  const url = ctx.vendor.endpoints.graphql
  if (!url) return { available: false, vendorMessages: [] }
  let answer: CompensationsAnswer | null
  try {
    answer = await vendorJson<CompensationsAnswer | null>({
      method: 'POST',
      url,
      accessToken,
      body: { query: EMPLOYER_COMPENSATIONS_QUERY },
    })
  } catch (e) {
    if (!(e instanceof VendorError) || e.unauthorized || e.transient) throw e
    return { available: false, vendorMessages: [e.message] }
  }
  const edges = answer?.data?.payrollEmployerInfo?.employerCompensations?.edges
  if (!Array.isArray(edges))
    return {
      available: false,
      vendorMessages: (answer?.errors ?? []).flatMap((e) => (typeof e?.message === 'string' ? [e.message] : [])),
    }
  return {
    available: true,
    items: edges.flatMap((edge) => {
      const node = edge?.node
      return node?.id && node.name ? [{ id: String(node.id), name: node.name, type: node.type?.key ?? null }] : []
    }),
  }
}
