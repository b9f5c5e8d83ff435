import { createHash } from 'node:crypto'
import {
  badRequest,
  dateOfDay,
  DAYS,
  fullName,
  hoursAndMinutes,
  integrationMessages,
  matchPeople,
  QUICKBOOKS_PAY_KINDS,
  QUICKBOOKS_RECORD_KINDS,
  type IntegrationSendError,
  type QuickbooksLine,
  type QuickbooksMatching,
  type Timesheet,
} from '@app/core'
import { VendorError, vendorJson } from '@app/adapters'
import type { OrgDb } from '@app/data'
import type { SendOutcome } from './integration-sends.ts'
import { withVendorToken } from './integration-tokens.ts'
import { employerPayTypes } from './quickbooks-pay-types.ts'
import { quickbooksPlan } from './quickbooks-plan.ts'

/**
 * QuickBooks Online through Intuit's Accounting API (v3, minor version 75): its employees and
 * classes for matching (its pay types come from the Payroll GraphQL API: quickbooks-pay-types.ts),
 * and a closed pay period's hours as TimeActivity records (core's quickbooksLines: one per member,
 * day, code and kind of pay), created once and updated after (Id + SyncToken, a full update),
 * deleted when a correction leaves a record with no minutes.
 */
const MINOR_VERSION = '75'
const VENDOR = 'quickbooks' as const

/** Intuit's requestid (at most 50 characters, unique per company): a digest of the organization, period and change. */
const requestIdOf = (orgId: string, start: string, change: string) =>
  createHash('sha256').update(`${orgId}|${start}|${change}`).digest('hex').slice(0, 40)

/** Where a company's entities are: the API's address and the company (realm) id. */
export type CompanyContext = { vendor: { endpoints: { api: string } }; account: string | null }

export const companyUrl = (ctx: CompanyContext, path: string) =>
  `${ctx.vendor.endpoints.api}/v3/company/${encodeURIComponent(ctx.account ?? '')}/${path}${path.includes('?') ? '&' : '?'}minorversion=${MINOR_VERSION}`

export interface QboEmployee {
  Id: string
  DisplayName: string
  GivenName?: string
  FamilyName?: string
  PrimaryEmailAddr?: { Address: string }
  Active?: boolean
}
export interface QboClass {
  Id: string
  Name: string
  FullyQualifiedName?: string
  Active?: boolean
}

export const query = async <T>(token: string, ctx: CompanyContext, entity: string): Promise<T[]> => {
  const answer = await vendorJson<{ QueryResponse: Record<string, T[] | undefined> }>({
    method: 'GET',
    url: companyUrl(ctx, `query?query=${encodeURIComponent(`select * from ${entity} maxresults 1000`)}`),
    accessToken: token,
  })
  return answer.QueryResponse[entity] ?? []
}

/**
 * The stored pairs of members, codes and kinds of pay, and the matching rule's pairs for the rest.
 * A kind's pay type is the supervisor's pair while QuickBooks lists that pay type (none when the
 * company has no QuickBooks Payroll): what the matching shows is what a send sends.
 */
export const quickbooksMatching = async (db: OrgDb): Promise<QuickbooksMatching> => {
  const [{ employees, classes, payTypes }, members, codes, memberPairs, codePairs, payItemPairs] = await Promise.all([
    withVendorToken(db, VENDOR, async (token, ctx) => {
      const [employees, classes, payTypes] = await Promise.all([
        query<QboEmployee>(token, ctx, 'Employee'),
        query<QboClass>(token, ctx, 'Class'),
        employerPayTypes(token, ctx),
      ])
      return {
        employees: employees.filter((e) => e.Active !== false),
        classes: classes.filter((c) => c.Active !== false),
        payTypes,
      }
    }),
    db.users.list(),
    db.allocationCodes.list(),
    db.integrations.matches(VENDOR, 'member'),
    db.integrations.matches(VENDOR, 'code'),
    db.integrations.matches(VENDOR, 'payItem'),
  ])
  const paid = members.filter((m) => m.role !== 'volunteer')
  const matching = matchPeople(
    paid.map((m) => ({ id: m.id, email: m.email ?? null, firstName: m.firstName, lastName: m.lastName })),
    employees.map((e) => ({
      id: e.Id,
      email: e.PrimaryEmailAddr?.Address ?? null,
      firstName: e.GivenName ?? e.DisplayName,
      lastName: e.FamilyName ?? '',
    })),
    memberPairs.map((p) => ({ memberId: p.ourId, vendorId: p.vendorId })),
  )
  const matchOf = new Map(matching.matches.map((m) => [m.memberId, m]))
  const classOf = new Map(codePairs.map((p) => [p.ourId, p.vendorId]))
  const classByName = new Map(classes.map((c) => [c.Name.trim().toLowerCase(), c.Id]))
  const payItems = payTypes.available ? payTypes.items : []
  const listed = new Set(payItems.map((p) => p.id))
  const payItemOf = new Map(payItemPairs.map((p) => [p.ourId, p.vendorId]))
  return {
    employees: employees.map((e) => ({ id: e.Id, name: e.DisplayName, email: e.PrimaryEmailAddr?.Address ?? null })),
    classes: classes.map((c) => ({ id: c.Id, name: c.FullyQualifiedName ?? c.Name })),
    members: paid.map((m) => ({
      memberId: m.id,
      name: fullName(m),
      employeeId: matchOf.get(m.id)?.vendorId ?? null,
      by: matchOf.get(m.id)?.by ?? null,
    })),
    // A code's class: the one chosen, else its QuickBooks class name (Settings → Ministries) found among the classes.
    codes: codes.map((c) => ({
      code: c.id,
      name: c.name,
      classId: classOf.get(c.id) ?? (c.className ? (classByName.get(c.className.trim().toLowerCase()) ?? null) : null),
    })),
    payItems: payItems.map((p) => ({ id: p.id, name: p.name, type: p.type })),
    payItemsAvailable: payTypes.available,
    payItemsVendorMessages: payTypes.available ? [] : payTypes.vendorMessages,
    kinds: QUICKBOOKS_RECORD_KINDS.map((kind) => {
      const chosen = payItemOf.get(kind)
      return { kind, payItemId: chosen !== undefined && listed.has(chosen) ? chosen : null }
    }),
  }
}

/** What each member did each day of approved weeks (`member|date` → the day's activity), for the records' descriptions. */
const dayActivities = (sheets: Timesheet[]) => {
  const activity = new Map<string, string>()
  for (const sheet of sheets) {
    if (sheet.status !== 'approved') continue
    for (const day of DAYS) {
      const text = sheet[`${day}Activity`]?.trim()
      if (text) activity.set(`${sheet.employeeId}|${dateOfDay(sheet.weekStartDate, day)}`, text)
    }
  }
  return activity
}

const worked = (line: QuickbooksLine) => (QUICKBOOKS_PAY_KINDS as readonly string[]).includes(line.kind)

/** A record's description: its code and kind of pay, and for time worked the day's activity when the member wrote one. */
const recordDescription = (line: QuickbooksLine, codeName: Map<string, string>, activity: Map<string, string>) =>
  [
    line.code ? (codeName.get(line.code) ?? line.code) : undefined,
    line.kind,
    worked(line) ? activity.get(`${line.memberId}|${line.date}`) : undefined,
  ]
    .filter(Boolean)
    .join(' · ')

/** The TimeActivity of one record, as Intuit's TimeActivity entity has it. */
export const timeActivity = (
  line: QuickbooksLine,
  employee: { id: string; name: string },
  classRef: { id: string; name: string } | undefined,
  payrollItem: { id: string; name: string } | undefined,
  description: string,
) => ({
  TxnDate: line.date,
  NameOf: 'Employee' as const,
  EmployeeRef: { value: employee.id, name: employee.name },
  ...hoursAndMinutes(line.minutes),
  ...(line.breakMinutes
    ? { BreakHours: Math.floor(line.breakMinutes / 60), BreakMinutes: line.breakMinutes % 60 }
    : {}),
  ...(classRef ? { ClassRef: { value: classRef.id, name: classRef.name } } : {}),
  ...(payrollItem ? { PayrollItemRef: { value: payrollItem.id, name: payrollItem.name } } : {}),
  BillableStatus: 'NotBillable' as const,
  Description: description.slice(0, 4000),
})

/**
 * One run of a closed period's send (the send job's, jobs/quickbooks-send.ts): each record created,
 * updated (only when it changed, in full with its Id and SyncToken) or deleted (gone after a
 * correction), and recorded as soon as QuickBooks answered, so a crash or a retry never duplicates
 * one. A member not matched, or a record QuickBooks refuses, is reported per member in QuickBooks'
 * words and ours, and the rest is sent. A 429, an outage or a refused token stops the run (thrown
 * for the job to queue it again or ask for a reconnection): what was sent stays recorded and the
 * next run carries on from it.
 */
export const sendQuickbooksRecords = async (db: OrgDb, start: string): Promise<SendOutcome> => {
  const p = await quickbooksPlan(db, start)
  if (p.closedAt === null) throw badRequest(integrationMessages.periodNotClosed)
  const [sentBefore, itemPairs, sheets] = await Promise.all([
    db.integrations.sentRecords(VENDOR, start),
    db.integrations.matches(VENDOR, 'payItem'),
    db.timesheets.inWeeks(p.period.start, p.period.end),
  ])
  const activity = dayActivities(sheets)
  // Each code's class and each kind's pay type by the matching's one rule, as the matching page
  // shows it: a code's chosen class, else the class named as its QuickBooks class; a kind's chosen
  // pay type while QuickBooks lists it (read once per send), sent with the id and name kept with
  // the pair. Without QuickBooks Payroll the records go without a pay type.
  const matching = await quickbooksMatching(db)
  const paidAs = new Map(matching.kinds.map((k) => [k.kind as string, k.payItemId]))
  const payItemOf = new Map(
    itemPairs.flatMap((i) =>
      paidAs.get(i.ourId) === i.vendorId ? [[i.ourId, { id: i.vendorId, name: i.vendorName }] as const] : [],
    ),
  )
  const className = new Map(matching.classes.map((c) => [c.id, c.name]))
  const classOf = new Map(
    matching.codes.flatMap((c) =>
      c.classId ? [[c.code, { id: c.classId, name: className.get(c.classId)! }] as const] : [],
    ),
  )
  const outcome = { created: 0, updated: 0, deleted: 0, unchanged: 0, payrollSynced: false, paidTimeOffSent: false }
  const errors: IntegrationSendError[] = []
  const refused = (person: IntegrationSendError['person'], e: VendorError, date?: string) =>
    errors.push({ person, code: 'refused', status: e.status, ...(date ? { date } : {}), vendorMessages: [e.message] })
  // Refusals are the member's; a 429, an outage or a refused token stops the run.
  const isRefusal = (e: unknown): e is VendorError => e instanceof VendorError && !e.unauthorized && !e.transient

  await withVendorToken(db, VENDOR, async (token, ctx) => {
    // Intuit's requestid, the same for the same change of the same record: a request sent again
    // after its answer was lost (a crash, a dropped connection) is answered as the first was.
    const post = (body: unknown, requestKey: string, operation?: 'delete') =>
      vendorJson<{ TimeActivity: { Id: string; SyncToken: string } }>({
        method: 'POST',
        url: companyUrl(
          ctx,
          `timeactivity?${operation ? 'operation=delete&' : ''}requestid=${requestIdOf(db.orgId, start, requestKey)}`,
        ),
        accessToken: token,
        body,
      })
    const keep = new Set<string>()
    for (const { member, lines, employee } of p.members) {
      const person = { employeeId: member.employeeId, firstName: member.firstName, lastName: member.lastName }
      lines.forEach((l) => keep.add(l.key))
      if (!employee) {
        errors.push({ person, code: 'member-unmatched', status: null, vendorMessages: [] })
        continue
      }
      for (const line of lines) {
        const description = recordDescription(line, p.codeName, activity)
        const body = timeActivity(line, employee, classOf.get(line.code), payItemOf.get(line.kind), description)
        const fingerprint = JSON.stringify(body)
        const before = sentBefore.get(line.key)
        if (before?.fingerprint === fingerprint) {
          outcome.unchanged++
          continue
        }
        try {
          const answer = await post(
            // A full update (sparse false): QuickBooks clears what the body leaves out, so a class, pay
            // item or break the record no longer has goes too (a sparse update would keep it).
            before ? { ...body, Id: before.vendorId, SyncToken: before.syncToken, sparse: false } : body,
            `${line.key}|${before?.syncToken ?? 'new'}|${fingerprint}`,
          )
          await db.integrations.recordSent(VENDOR, start, {
            key: line.key,
            vendorId: answer.TimeActivity.Id,
            syncToken: answer.TimeActivity.SyncToken,
            fingerprint,
          })
          outcome[before ? 'updated' : 'created']++
        } catch (e) {
          if (!isRefusal(e)) throw e
          refused(person, e, line.date)
        }
      }
    }
    // Records sent before that the corrected period no longer has: deleted in QuickBooks too.
    for (const [key, before] of sentBefore) {
      if (keep.has(key)) continue
      try {
        await post({ Id: before.vendorId, SyncToken: before.syncToken }, `${key}|${before.syncToken}|delete`, 'delete')
        await db.integrations.forgetSent(VENDOR, start, key)
        outcome.deleted++
      } catch (e) {
        if (!isRefusal(e)) throw e
        refused(null, e)
      }
    }
  })
  return { ...outcome, errors }
}
