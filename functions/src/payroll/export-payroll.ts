import {
  adpCsv,
  AppError,
  badRequest,
  campusesFilePart,
  campusFilter,
  ExportRequest,
  gustoCsv,
  missingPayrollIdMessage,
  payrollCsv,
  quickbooksIif,
  Redirect,
  type ExportFormat,
  type Language,
  type MemberTotals,
  type PayrollRules,
} from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { csvWordsFor } from '../views/words.ts'
import { HttpResponse } from '../http/response.ts'
import { payrollTotals } from '../workflows/payroll.ts'
import type { OrgDb } from '@app/data'

/**
 * What the files say of each ministry or fund: its QuickBooks class (IIF), its ADP cost
 * number, and its name (our CSV); '' for none (and for 'Unallocated'), a code's id when unknown.
 */
const codesOf = async (db: OrgDb) => {
  const codes = new Map((await db.allocationCodes.list()).map((c) => [c.id, c]))
  return {
    classOf: (code: string) => codes.get(code)?.className ?? '',
    costNumberOf: (code: string) => codes.get(code)?.costNumber ?? '',
    nameOf: (code: string) => codes.get(code)?.name ?? code,
  }
}

/** The formats that name members by their payroll id. */
const needsPayrollId: ReadonlySet<ExportFormat> = new Set(['gusto', 'adp'])

const extension: Record<ExportFormat, string> = { csv: 'csv', gusto: 'csv', 'quickbooks-iif': 'iif', adp: 'csv' }

/**
 * A payroll file of the range's approved hours (volunteers are never in it), written to the
 * exports bucket, then a redirect to a 15-minute link, like the bulk report.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/export',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: ExportRequest,
  response: Redirect,
  errors: [404],
  uses: ['table:read', 'exportsBucket'],
  files: filesFor,
  handler: async ({ query, session, db, files }) => {
    const campuses = campusFilter(session.user, query.campusId)
    const [org, { payroll }, named] = await Promise.all([
      db.organization.get(),
      payrollTotals(db, { start: query.from, end: query.to }, campuses),
      campuses ? db.campuses.list() : Promise.resolve([]),
    ])
    if (needsPayrollId.has(query.format)) {
      const missing = payroll.filter((m) => !m.payrollId)
      if (missing.length)
        throw new AppError(
          400,
          'bad_request',
          missingPayrollIdMessage(missing.map((m) => `${m.firstName} ${m.lastName}`)),
          undefined,
          { members: missing.map((m) => ({ employeeId: m.employeeId, firstName: m.firstName, lastName: m.lastName })) },
        )
    }
    if (query.format === 'adp' && (!org.adpCompanyCode || !org.adpBatchId))
      throw badRequest('Set the ADP company code and batch id in Settings → Payroll first')
    const body = fileOf(
      query.format,
      payroll,
      org.name,
      org.adpCompanyCode ?? '',
      org.adpBatchId ?? '',
      session.user.language,
      org,
      query.format === 'gusto' ? undefined : await codesOf(db),
    )
    // A campus's file carries its name (a campus admin's own campuses, one or several).
    const name = `payroll-${query.format}-${campusesFilePart(named, campuses)}${query.from}-${query.to}`
    const file = files.report(`${name}-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    await file.put(body)
    return HttpResponse.redirect(await file.url(`${name}.${extension[query.format]}`))
  },
})

const fileOf = (
  format: ExportFormat,
  members: MemberTotals[],
  company: string,
  adpCode: string,
  adpBatch: string,
  language: Language,
  /** The payroll items and ADP codes of each kind of leave (Settings → Payroll). */
  leave: Pick<PayrollRules, 'leavePayItems' | 'adpLeaveCodes'>,
  /** Each code's QuickBooks class (PROJ of the IIF rows), ADP cost number and name. */
  codes?: Awaited<ReturnType<typeof codesOf>>,
) => {
  switch (format) {
    // Our own layout speaks the reader's language; the payroll systems' keep their importers' titles.
    case 'csv':
      return payrollCsv(members, csvWordsFor(language), codes?.nameOf)
    case 'gusto':
      return gustoCsv(members)
    case 'adp':
      return adpCsv(members, adpCode, adpBatch, leave.adpLeaveCodes, codes?.costNumberOf)
    case 'quickbooks-iif':
      return quickbooksIif(members, company, { classOf: codes?.classOf, leaveItems: leave.leavePayItems })
  }
}
