import { gustoApi, type Fetch } from '@app/adapters'
import { conflict, integrationMessages, type GustoMatching, type IntegrationSendError } from '@app/core'
import { gustoPlanFor, personOf } from '../workflows/gusto-plan.ts'
import { sendToGusto, type GustoSendResult } from '../workflows/gusto-send.ts'
import { runSend, SEND_MAX_ATTEMPTS } from './integration-send.ts'

/** Runs of one send before it is given up on (a 429 or an outage that lasts past them). */
export const GUSTO_SEND_MAX_ATTEMPTS = SEND_MAX_ATTEMPTS

/** What a send needs of the organization's Gusto connection: a current token, its company, the matching. */
export interface GustoConnection {
  accessToken: string
  companyUuid: string
  /** The vendor's API address (the framework's configuration); the job's `baseUrl` otherwise. */
  baseUrl?: string
  matching: GustoMatching
}

export interface GustoSendDeps {
  /** The organization's connection; null when there is none (the send waits for a reconnection). */
  connection: (orgId: string) => Promise<GustoConnection | null>
  baseUrl?: string
  fetch?: Fetch
}

const errorViews = (result: GustoSendResult, person: (id: string) => IntegrationSendError['person']) =>
  result.errors.map((e) => ({
    person: e.employeeId ? person(e.employeeId) : null,
    code: e.code,
    status: e.status,
    vendorMessages: e.problems.map((p) => p.message),
  }))

/**
 * One run of a queued send to Gusto (the runner of both vendors, jobs/integration-send.ts): the
 * plan of the closed period with the connection's matching, then time sheets (each recorded as
 * Gusto accepts it), the payroll sync and the paid time off.
 */
export const runGustoSend = (orgId: string, start: string, deps: GustoSendDeps, now = Date.now()) =>
  runSend(
    orgId,
    'gusto',
    start,
    async (db) => {
      const connection = await deps.connection(orgId)
      if (!connection) throw conflict(integrationMessages.notConnected)
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
      return {
        created: result.created,
        updated: result.updated,
        deleted: result.deleted,
        unchanged: result.unchanged,
        payrollSynced: result.payrollSyncUuid !== null,
        paidTimeOffSent: result.paidTimeOffSent,
        errors: errorViews(result, personOf(members)),
      }
    },
    now,
  )
