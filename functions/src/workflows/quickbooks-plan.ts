import {
  anchorOf,
  fullName,
  periodContaining,
  quickbooksLines,
  quickbooksPreview,
  type QuickbooksPreview,
} from '@app/core'
import type { OrgDb, PeriodSent } from '@app/data'
import { periodState, sendView } from './integration-sends.ts'
import { payrollTotals } from './payroll.ts'

/**
 * What a send to QuickBooks Online would send, read from our own records only (the preview calls
 * no vendor, so its function holds no vendor settings or tokens).
 */
const VENDOR = 'quickbooks' as const

/** The period of `start` (its stored closing, or the schedule's), closed or not. */
const periodOf = async (db: OrgDb, start: string) => {
  const [org, stored] = await Promise.all([db.organization.get(), db.payroll.periods(start, start)])
  const found = stored.find((p) => p.start === start)
  const period = found ?? periodContaining(start, org.payPeriodFrequency, anchorOf(org))
  return { period, closedAt: found?.status === 'closed' ? found.closedAt : null }
}

/** What a send would send: the payroll rows' records, with each member's employee and each code's class. */
export const quickbooksPlan = async (db: OrgDb, start: string) => {
  const { period, closedAt } = await periodOf(db, start)
  const [{ payroll }, memberPairs, codePairs, codes] = await Promise.all([
    payrollTotals(db, period),
    db.integrations.matches(VENDOR, 'member'),
    db.integrations.matches(VENDOR, 'code'),
    db.allocationCodes.list(),
  ])
  const employeeOf = new Map(memberPairs.map((p) => [p.ourId, { id: p.vendorId, name: p.vendorName }]))
  const classOf = new Map(codePairs.map((p) => [p.ourId, { id: p.vendorId, name: p.vendorName }]))
  const codeName = new Map(codes.map((c) => [c.id, c.name]))
  /** The class a code is matched to by name when no pair was chosen (the code's QuickBooks class setting). */
  const classNamed = new Map(codes.flatMap((c) => (c.className ? [[c.id, c.className] as const] : [])))
  const members = payroll.map((m) => ({
    member: m,
    lines: quickbooksLines(m),
    employee: employeeOf.get(m.employeeId) ?? null,
  }))
  return { period, closedAt, members: members.filter((m) => m.lines.length > 0), classOf, classNamed, codeName }
}

const changedSince = (sent: PeriodSent | undefined, closedAt: string | null) =>
  sent !== undefined && sent.closedAt !== closedAt

export const quickbooksPeriodPreview = async (db: OrgDb, start: string): Promise<QuickbooksPreview> => {
  const [p, sent, send, state] = await Promise.all([
    quickbooksPlan(db, start),
    db.integrations.periodSent(VENDOR, start),
    db.quickbooksSends.read(start),
    periodState(db, start),
  ])
  return {
    start: p.period.start,
    end: p.period.end,
    closed: p.closedAt !== null,
    changedSinceSent: changedSince(sent, p.closedAt),
    lastSent: sent
      ? {
          sentAt: sent.sentAt,
          status: sent.status,
          created: sent.created,
          updated: sent.updated,
          unchanged: sent.unchanged,
          failed: sent.failed,
        }
      : null,
    send: sendView(send, state),
    members: p.members.map(({ member, lines, employee }) => {
      const preview = quickbooksPreview(member.employeeId, lines)
      return {
        memberId: member.employeeId,
        name: fullName(member),
        employee,
        minutes: preview.minutes,
        byCode: preview.byCode.map((c) => ({
          code: c.code,
          className: p.classOf.get(c.code)?.name ?? p.classNamed.get(c.code) ?? null,
          minutes: c.minutes,
        })),
        records: preview.records,
      }
    }),
  }
}
