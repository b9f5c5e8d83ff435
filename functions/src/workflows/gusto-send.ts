import { GustoError, paidTimeOffBody, timeSheetBody, type GustoApi, type GustoProblemText } from '@app/adapters'
import { gustoChanges, shiftDigest, type GustoPlan, type GustoShift, type SentShift } from '@app/core'

/**
 * Sends a closed pay period's plan to Gusto: the time sheets first (created, changed ones
 * updated with Gusto's id and version, shifts no longer worked deleted), then a payroll sync for
 * the pay period, then the paid time off into that payroll. Each time sheet Gusto accepts is
 * recorded at once, so a crash, a 429 or an expired token part way loses nothing and a send again
 * picks up where this one stopped, never duplicating. A refusal about one member (422 and other
 * 4xx) is kept with Gusto's words and the send goes on; a 401 (reconnect), 429 and 5xx stop it and
 * are thrown for the job to retry or to ask for a reconnection.
 */

export interface GustoSendStore {
  sent(): Promise<Record<string, SentShift>>
  record(key: string, sent: SentShift): Promise<void>
  forget(key: string): Promise<void>
}

export type GustoSendErrorCode = 'refused' | 'pay-period-missing' | 'payroll-processed'

export interface GustoSendError {
  /** Whose send it was; null for the period's own calls (payroll sync, pay period). */
  employeeId: string | null
  code: GustoSendErrorCode
  status: number | null
  problems: GustoProblemText[]
}

export interface GustoSendResult {
  created: number
  updated: number
  deleted: number
  unchanged: number
  payrollSyncUuid: string | null
  paidTimeOffSent: boolean
  errors: GustoSendError[]
}

/** Errors about what we sent are the member's; everything else stops the send. */
const isRefusal = (e: unknown): e is GustoError => e instanceof GustoError && !e.unauthorized && !e.transient

export const sendToGusto = async (p: {
  api: GustoApi
  companyUuid: string
  period: { start: string; end: string }
  timeZone: string
  plan: GustoPlan
  store: GustoSendStore
}): Promise<GustoSendResult> => {
  const result: GustoSendResult = {
    created: 0,
    updated: 0,
    deleted: 0,
    unchanged: 0,
    payrollSyncUuid: null,
    paidTimeOffSent: false,
    errors: [],
  }
  const attempt = async (employeeId: string | null, call: () => Promise<void>) => {
    try {
      await call()
    } catch (e) {
      if (!isRefusal(e)) throw e
      result.errors.push({ employeeId, code: 'refused', status: e.status, problems: e.problems })
    }
  }
  const changes = gustoChanges(p.plan.shifts, await p.store.sent())
  result.unchanged = changes.unchanged.length
  const body = (s: GustoShift) => timeSheetBody(s, p.timeZone)

  for (const s of changes.create)
    await attempt(s.employeeId, async () => {
      const made = await p.api.createTimeSheet(p.companyUuid, body(s))
      await p.store.record(s.key, { uuid: made.uuid, version: made.version, digest: shiftDigest(s) })
      result.created++
    })
  for (const { shift, sent } of changes.update)
    await attempt(shift.employeeId, async () => {
      const made = await p.api.updateTimeSheet(sent.uuid, { ...body(shift), version: sent.version })
      await p.store.record(shift.key, { uuid: made.uuid, version: made.version, digest: shiftDigest(shift) })
      result.updated++
    })
  for (const { key, sent } of changes.remove)
    await attempt(key.split('#')[0]!, async () => {
      await p.api.deleteTimeSheet(sent.uuid).catch((e: unknown) => {
        // Already gone at Gusto (deleted there by hand): nothing is left to delete.
        if (!(e instanceof GustoError && e.status === 404)) throw e
      })
      await p.store.forget(key)
      result.deleted++
    })

  const periods = await p.api.payPeriods(p.companyUuid, p.period.start, p.period.end)
  const gustoPeriod = periods.find((g) => g.start_date === p.period.start && g.end_date === p.period.end)
  if (!gustoPeriod) {
    result.errors.push({ employeeId: null, code: 'pay-period-missing', status: null, problems: [] })
    return result
  }
  await attempt(null, async () => {
    const sync = await p.api.createPayrollSync(p.companyUuid, {
      payScheduleUuid: gustoPeriod.pay_schedule_uuid,
      start: p.period.start,
      end: p.period.end,
    })
    result.payrollSyncUuid = sync.uuid
  })

  if (p.plan.paidTimeOff.length === 0) return result
  const payrollUuid = gustoPeriod.payroll?.payroll_uuid
  if (!payrollUuid || gustoPeriod.payroll?.processed) {
    result.errors.push({ employeeId: null, code: 'payroll-processed', status: null, problems: [] })
    return result
  }
  await attempt(null, async () => {
    const employees = p.plan.paidTimeOff.map((m) => m.employeeUuid)
    const prepared = await p.api.preparePayroll(p.companyUuid, payrollUuid, employees)
    const versions = new Map(
      (prepared.employee_compensations ?? []).flatMap((c) =>
        c.employee_uuid && c.version ? [[c.employee_uuid, c.version] as const] : [],
      ),
    )
    await p.api.updatePayroll(p.companyUuid, payrollUuid, paidTimeOffBody(p.plan, versions))
    result.paidTimeOffSent = true
  })
  return result
}
