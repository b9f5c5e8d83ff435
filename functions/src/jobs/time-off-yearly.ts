import {
  balanceOf,
  capAccrual,
  carryoverForfeit,
  fromCentiHours,
  isEligible,
  toCentiHours,
  todayIn,
  yearlyDate,
  type LedgerEntry,
} from '@app/core'
import { closedOrganizations, orgDb, reminderOrganizations, systemActor, type LedgerPosting } from '@app/data'

/** Who the audit trail names for the job's postings. */
export const YEARLY_ACTOR = 'time off job'

const centiOn = (ledger: readonly LedgerEntry[], kind: string, before: string) =>
  toCentiHours(
    balanceOf(
      ledger.filter((e) => e.kind === kind && e.date < before),
      before,
    ).availableHours,
  )

/**
 * yearly time off, for one organization on `today` (its zone): at the year's start each
 * kind with a carryover keeps at most that many hours of the year before (the rest is forfeited),
 * and on its day a yearly accrual grants its hours (held at the cap). Each posting's id names its
 * year and kind and is written only when absent, so running the job twice grants once.
 */
export const yearlyTimeOff = async (orgId: string, asOf?: string) => {
  const db = orgDb(orgId)
  const [org, policies, members] = await Promise.all([db.organization.get(), db.timeOff.policies(), db.users.list()])
  const today = asOf ?? todayIn(org.timeZone)
  const year = Number(today.slice(0, 4))
  const yearStart = `${today.slice(0, 4)}-01-01`
  let posted = 0
  for (const member of members) {
    const ledger = await db.timeOff.ledger(member.id)
    const have = new Set(ledger.map((e) => e.id))
    const postings: LedgerPosting[] = []
    for (const p of policies.policies) {
      if (!isEligible(p, member.payType, member.role)) continue
      const carryId = `CARRY#${year}#${p.kind}`
      const forfeit = have.has(carryId) ? 0 : carryoverForfeit(centiOn(ledger, p.kind, yearStart), p.carryoverHours)
      if (forfeit > 0)
        postings.push({
          id: carryId,
          employeeId: member.id,
          kind: p.kind,
          type: 'carryover',
          hours: -fromCentiHours(forfeit),
          date: yearStart,
          reason: null,
          byId: null,
        })
      if (p.accrual.method !== 'yearly') continue
      const on = yearlyDate(p.accrual.on, year)
      const grantId = `ACC#YEAR#${year}#${p.kind}`
      if (today < on || have.has(grantId)) continue
      const balance =
        toCentiHours(
          balanceOf(
            ledger.filter((e) => e.kind === p.kind),
            today,
          ).availableHours,
        ) - forfeit
      const hours = capAccrual(balance, toCentiHours(p.accrual.hours), p.capHours)
      if (hours > 0)
        postings.push({
          id: grantId,
          employeeId: member.id,
          kind: p.kind,
          type: 'accrual',
          hours: fromCentiHours(hours),
          date: on,
          reason: null,
          byId: null,
        })
    }
    if (await db.timeOff.postOnce(member, postings, systemActor(YEARLY_ACTOR))) posted += postings.length
  }
  return posted
}

/**
 * The job: every organization named, or every one on the reminders list, but the closed (each
 * closure read once; a reopened organization gets its postings on the next run, each once). Answers
 * the postings made.
 */
export const timeOffYearlyJob = async (orgIds: string[] = [], asOf?: string) => {
  const ids: string[] = orgIds.length ? orgIds : []
  if (!ids.length) for await (const id of reminderOrganizations()) ids.push(id)
  const isClosed = closedOrganizations()
  let postings = 0
  let closed = 0
  for (const id of ids) {
    if (await isClosed(id)) closed++
    else postings += await yearlyTimeOff(id, asOf)
  }
  return { organizations: ids.length, closed, postings }
}

/**
 * The scheduled run (daily: an EventBridge rule in AWS, a timer on the local stack; both from
 * infra/lib/definition.ts): each organization as of today in its own zone.
 */
export const handler = () => timeOffYearlyJob()
