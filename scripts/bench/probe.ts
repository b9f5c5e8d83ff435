/**
 * Runs inside the bench stack's process (stack-child.ts, with BENCH_CONSUMED_CAPACITY=1, or
 * BENCH_OBSERVE_CALLS=1 for the API bench's round trips): counts, per API route, what AWS would
 * bill, and each invocation's AWS calls, their rounds and the time spent waiting on them. Each handler call is timed as Lambda bills it and its CPU
 * time taken with process.cpuUsage() (the local API adapter's probeInvocations hook); every AWS
 * call the handler makes (the adapters' observeAwsCalls) and every byte it logs is booked to the
 * route whose call is running, found through AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { observeAwsCalls, type AwsCall } from '@app/adapters'
import { probeInvocations } from '../../local/src/api-gateway.ts'

export interface RouteUsage {
  invocations: number
  /** Per invocation: wall milliseconds and CPU milliseconds (user + system) of the handler call. */
  wallMs: number[]
  cpuMs: number[]
  readUnits: number
  writeUnits: number
  s3Puts: number
  s3Gets: number
  s3BytesPut: number
  emails: number
  logBytes: number
  /** AWS calls by service and command, for the report's notes. */
  calls: Record<string, number>
  /** Each call's milliseconds from sent to answered, by service and command: which call a route waits on. */
  callMs: Record<string, number[]>
  /**
   * Per invocation: its AWS calls, their rounds (calls sent together share one: a call's round is
   * one more than the highest among the calls answered before it was sent) and the milliseconds
   * at least one call was in flight.
   */
  callsPer: number[]
  roundsPer: number[]
  awsMs: number[]
}

/** Usage by API Gateway route key ("PATCH /api/timesheets/{id}/status"); OUTSIDE is work no handler ran. */
export type Usage = Record<string, RouteUsage>
export const OUTSIDE = '(outside a request)'

export const emptyUsage = (): RouteUsage => ({
  invocations: 0,
  wallMs: [],
  cpuMs: [],
  readUnits: 0,
  writeUnits: 0,
  s3Puts: 0,
  s3Gets: 0,
  s3BytesPut: 0,
  emails: 0,
  logBytes: 0,
  calls: {},
  callMs: {},
  callsPer: [],
  roundsPer: [],
  awsMs: [],
})

/** The rounds of one invocation's calls and the time at least one was in flight (union of their intervals). */
export const roundsOf = (calls: readonly Pick<AwsCall, 'sentAt' | 'answeredAt'>[]) => {
  const bySent = [...calls].sort((a, b) => a.sentAt - b.sentAt)
  const rounds: number[] = []
  bySent.forEach((c, i) => {
    let before = 0
    for (let j = 0; j < i; j++) if (bySent[j]!.answeredAt <= c.sentAt) before = Math.max(before, rounds[j]!)
    rounds.push(before + 1)
  })
  let ms = 0
  let end = -Infinity
  for (const c of bySent) {
    ms += Math.max(0, c.answeredAt - Math.max(c.sentAt, end))
    end = Math.max(end, c.answeredAt)
  }
  return { rounds: Math.max(0, ...rounds), ms }
}

let usage: Usage = {}
/** The route whose handler is running, and the AWS calls of this invocation. */
const current = new AsyncLocalStorage<{ usage: RouteUsage; calls: AwsCall[] }>()
const forRoute = (key: string) => (usage[key] ??= emptyUsage())
const here = () => current.getStore()?.usage ?? forRoute(OUTSIDE)
/** Off: the handlers run as without the probe (the API bench times its rows so, and counts apart). */
let active = true
export const setProbeActive = (on: boolean) => {
  active = on
}

const book = (call: AwsCall) => {
  if (!active) return
  current.getStore()?.calls.push(call)
  const u = here()
  const name = `${call.service} ${call.command.replace(/Command$/, '')}`
  u.calls[name] = (u.calls[name] ?? 0) + 1
  ;(u.callMs[name] ??= []).push(call.answeredAt - call.sentAt)
  u.readUnits += call.readUnits
  u.writeUnits += call.writeUnits
  if (call.service === 's3') {
    // S3 bills PUT, COPY, POST and LIST at the PUT rate, GET and everything else at the GET rate.
    if (/Put|Copy|List|Post|Create|Upload/.test(call.command)) u.s3Puts++
    else u.s3Gets++
    u.s3BytesPut += call.bytes
  }
  if (call.service === 'ses' && /Send/.test(call.command)) u.emails++
}

export const installProbe = () => {
  observeAwsCalls(book)
  probeInvocations(async (routeKey, call) => {
    if (!active) return call()
    const u = forRoute(routeKey)
    const calls: AwsCall[] = []
    const cpu = process.cpuUsage()
    const started = performance.now()
    try {
      return await current.run({ usage: u, calls }, call)
    } finally {
      const wall = performance.now() - started
      const spent = process.cpuUsage(cpu)
      const trips = roundsOf(calls)
      u.invocations++
      u.wallMs.push(wall)
      u.cpuMs.push((spent.user + spent.system) / 1000)
      u.callsPer.push(calls.length)
      u.roundsPer.push(trips.rounds)
      u.awsMs.push(trips.ms)
    }
  })
  // What a handler writes to stdout is its log (CloudWatch Logs ingests it).
  const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const store = current.getStore()?.usage
    if (store) store.logBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
    return write(chunk, ...rest)
  }) as typeof process.stdout.write
}

/** The usage since the last take, and a fresh start. */
export const takeUsage = (): Usage => {
  const taken = usage
  usage = {}
  return taken
}
