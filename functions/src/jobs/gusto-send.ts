import { gustoApi, VendorError, type Fetch } from '@app/adapters'
import {
  AppError,
  integrationMessages,
  webhookRetryDelaySeconds,
  type GustoMatching,
  type GustoSendErrorView,
} from '@app/core'
import { gustoSendsDue, orgDb } from '@app/data'
import { gustoPlanFor, personOf } from '../workflows/gusto-plan.ts'
import { sendToGusto, type GustoSendResult } from '../workflows/gusto-send.ts'

/** Runs of one send before it is given up on (a 429 or an outage that lasts past them). */
export const GUSTO_SEND_MAX_ATTEMPTS = 6

/** What a send needs of the organization's Gusto connection: a current token, its company, the matching. */
export interface GustoConnection {
  accessToken: string
  companyUuid: string
  /** The vendor's API address (the framework's configuration); the job's `baseUrl` otherwise. */
  baseUrl?: string
  matching: GustoMatching
}

export interface GustoSendDeps {
  connection: (orgId: string) => Promise<GustoConnection | null>
  baseUrl?: string
  fetch?: Fetch
  /** Told of each send that ended sent or failed (the `pay_period.sent` webhook, the audit trail). */
  sent?: (orgId: string, start: string, result: GustoSendResult) => Promise<void>
}

const errorViews = (result: GustoSendResult, person: (id: string) => GustoSendErrorView['person']) =>
  result.errors.map((e) => ({
    person: e.employeeId ? person(e.employeeId) : null,
    code: e.code,
    status: e.status,
    gustoMessages: e.problems.map((p) => p.message),
  }))

const EMPTY = { created: 0, updated: 0, deleted: 0, unchanged: 0, payrollSynced: false, paidTimeOffSent: false }

/**
 * One run of a queued send: claimed (one run at a time), sent, and its outcome stored. A 429 or an
 * outage queues it again (at Gusto's Retry-After, else the backoff), a 401 waits for a reconnection;
 * nothing Gusto accepted is lost either way (each time sheet is recorded as it is accepted).
 */
export const runGustoSend = async (orgId: string, start: string, deps: GustoSendDeps, now = Date.now()) => {
  const db = orgDb(orgId)
  if (!(await db.gustoSends.claim(start, now))) return 'busy' as const
  const attempts = (await db.gustoSends.read(start))?.attempts ?? 1
  const retry = async (seconds: number | null) => {
    const state = attempts >= GUSTO_SEND_MAX_ATTEMPTS ? 'failed' : 'queued'
    const wait = seconds ?? webhookRetryDelaySeconds(attempts)
    await db.gustoSends.finish(start, {
      ...EMPTY,
      state,
      retryAt: state === 'queued' ? new Date(now + wait * 1000).toISOString() : null,
      errors: [],
    })
    return state
  }
  try {
    const connection = await deps.connection(orgId)
    if (!connection) {
      await db.gustoSends.finish(start, { ...EMPTY, state: 'reconnect', retryAt: null, errors: [] })
      return 'reconnect' as const
    }
    const { period, timeZone, plan, members } = await gustoPlanFor(db, start, connection.matching)
    const result = await sendToGusto({
      api: gustoApi({
        accessToken: connection.accessToken,
        baseUrl: connection.baseUrl ?? deps.baseUrl,
        fetch: deps.fetch,
      }),
      companyUuid: connection.companyUuid,
      period,
      timeZone,
      plan,
      store: {
        sent: () => db.gustoSends.sheets(start),
        record: (key, sent) => db.gustoSends.recordSheet(start, key, sent),
        forget: (key) => db.gustoSends.forgetSheet(start, key),
      },
    })
    const state = result.errors.length ? ('failed' as const) : ('sent' as const)
    await db.gustoSends.finish(start, {
      state,
      retryAt: null,
      created: result.created,
      updated: result.updated,
      deleted: result.deleted,
      unchanged: result.unchanged,
      payrollSynced: result.payrollSyncUuid !== null,
      paidTimeOffSent: result.paidTimeOffSent,
      errors: errorViews(result, personOf(members)),
    })
    await deps.sent?.(orgId, start, result)
    return state
  } catch (e) {
    if (e instanceof VendorError && e.unauthorized) {
      await db.gustoSends.finish(start, { ...EMPTY, state: 'reconnect', retryAt: null, errors: [] })
      return 'reconnect' as const
    }
    if (e instanceof VendorError && e.transient) return retry(e.retryAfterSeconds)
    if (
      e instanceof AppError &&
      (e.message === integrationMessages.reconnectNeeded || e.message === integrationMessages.notConnected)
    ) {
      await db.gustoSends.finish(start, { ...EMPTY, state: 'reconnect', retryAt: null, errors: [] })
      return 'reconnect' as const
    }
    if (e instanceof AppError) {
      // The period was reopened after the send was asked for: nothing is sent until it is closed again.
      await db.gustoSends.finish(start, { ...EMPTY, state: 'failed', retryAt: null, errors: [] })
      return 'failed' as const
    }
    console.error(JSON.stringify({ msg: 'gusto send failed', orgId, start, error: String(e) }))
    return retry(null)
  }
}

/** The send job: every send whose time has come, one after another. */
export const gustoSendJob = async (deps: GustoSendDeps, now = new Date()) => {
  const due = await gustoSendsDue(now)
  const outcomes: Record<string, number> = {}
  for (const d of due) {
    const outcome = await runGustoSend(d.orgId, d.start, deps, now.getTime())
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }
  return { due: due.length, ...outcomes }
}
