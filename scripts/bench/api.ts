import { FIGURES } from './report.ts'
import { loadRun, type LoadOptions, type LoadResult } from './load.ts'
import type { RouteUsage, Usage } from './probe.ts'
import type { Seeded } from './seed.ts'
import { quantile } from './stats.ts'

/**
 * Where one route's requests spent their time, counted in the handlers' process (probe.ts) over a
 * run of its own at the same concurrency: per request (medians), its AWS calls and their rounds,
 * the milliseconds waiting on them, the rest of the handler (middleware, zod, JSON, our code), and
 * what the local API adds around the handler (HTTP, the event, the queue for the event loop).
 */
export interface Trips {
  requests: number
  calls: number
  rounds: number
  /** The most rounds of any request of the run. */
  maxRounds: number
  awsMs: number
  handlerMs: number
  restMs: number
  outsideMs: number
  /** Calls by service and command over the run: per request, and each call's median milliseconds. */
  byCommand: Record<string, { perRequest: number; p50: number }>
}

export interface ApiFigure {
  name: string
  what: string
  result: LoadResult
  trips?: Trips
}

/** Switches the handlers' count on and off and takes it (a stack started with `observe`). */
export interface Tracer {
  observe: (on: boolean) => Promise<void>
  usage: () => Promise<Usage>
}

export const tripsOf = (u: RouteUsage, http: LoadResult): Trips => {
  const n = u.invocations
  const rest = u.wallMs.map((w, i) => w - u.awsMs[i]!)
  const handlerMs = quantile(u.wallMs, 0.5)
  return {
    requests: n,
    calls: quantile(u.callsPer, 0.5),
    rounds: quantile(u.roundsPer, 0.5),
    maxRounds: Math.max(0, ...u.roundsPer),
    awsMs: quantile(u.awsMs, 0.5),
    handlerMs,
    restMs: quantile(rest, 0.5),
    outsideMs: http.p50 - handlerMs,
    byCommand: Object.fromEntries(
      Object.entries(u.calls).map(([k, c]) => [
        k,
        { perRequest: c / Math.max(1, n), p50: quantile(u.callMs[k] ?? [], 0.5) },
      ]),
    ),
  }
}

/** One run with the count on: the route's trips (its usage under `routeKey`). */
const traced = async (tracer: Tracer, routeKey: string, run: () => Promise<LoadResult>) => {
  await tracer.usage()
  await tracer.observe(true)
  let http: LoadResult
  try {
    http = await run()
  } finally {
    await tracer.observe(false)
  }
  const usage = (await tracer.usage())[routeKey]
  return usage ? tripsOf(usage, http) : undefined
}

/** What an API measurement runs against and for how long. */
export interface ApiMeasureOptions {
  appUrl: string
  env: Record<string, string | undefined>
  seeded: Seeded
  connections: number
  timing: { seconds: number; warmupSeconds: number; readWarmup: boolean }
  log: (message: string) => void
  /** Given, each row is run once more with the handlers' count on (its `trips`). */
  tracer?: Tracer
  /** Given, only the rows it names (FIGURES.api's names) are run, and their floors (`api-only.ts --only`). */
  only?: ReadonlySet<string>
}

/** Whether a row (or its floor) is measured: every one unless `only` names some. */
export const measured = (only: ReadonlySet<string> | undefined, name: string) => !only || only.has(name)

/**
 * The API part of the benchmark, against a seeded stack: the four reads (current week, list,
 * dashboard stats, a month's report) and the approvals. Also run alone by `api-only.ts`.
 */
export const measureApi = async (o: ApiMeasureOptions): Promise<ApiFigure[]> => {
  const { appUrl, env, seeded, timing, log } = o
  const CONNECTIONS = o.connections
  const sup = { cookie: seeded.supervisorCookie }
  const reportQuery = `start=${seeded.reportStart}&end=${seeded.reportEnd}`
  const reads: { name: string; path: string; headers: Record<string, string>; status?: number }[] = [
    // The lightest request through the same local API (HTTP, the event, middy, no session read, no
    // table): what any row pays before its own work.
    { name: FIGURES.apiFloor, path: '/api/timesheets/current-week', headers: {}, status: 401 },
    { name: FIGURES.api.currentWeek, path: '/api/timesheets/current-week', headers: { cookie: seeded.staffCookie } },
    { name: FIGURES.api.list, path: '/api/timesheets', headers: sup },
    { name: FIGURES.api.stats, path: '/api/dashboard/stats', headers: sup },
    { name: FIGURES.api.reports, path: `/api/timesheets/reports?${reportQuery}`, headers: sup },
  ]
  const api: ApiFigure[] = []
  // The API floor is always measured: every row is told against it.
  for (const r of reads.filter((r) => r.name === FIGURES.apiFloor || measured(o.only, r.name))) {
    // One request first: it must succeed, and says how much it returns.
    const probe = await fetch(`${appUrl}${r.path}`, { headers: r.headers })
    const body = (await probe.json()) as unknown
    const status = r.status ?? 200
    if (probe.status !== status) throw new Error(`${r.path} answered ${probe.status}: ${JSON.stringify(body)}`)
    const count =
      status !== 200
        ? `${status}`
        : Array.isArray(body)
          ? `${body.length} timesheets`
          : Array.isArray((body as { items?: unknown[] }).items)
            ? `${(body as { items: unknown[] }).items.length} timesheets`
            : 'one object'
    const options: LoadOptions = {
      url: `${appUrl}${r.path}`,
      connections: CONNECTIONS,
      headers: r.headers,
      expect: [status],
    }
    // A timed run would drop the answers still in flight when it ends (all of them, for a slow
    // route): the measured run is a request count instead, the warm-up's rate times the seconds.
    // --quick: one request per connection.
    let amount = timing.readWarmup ? CONNECTIONS * 3 : CONNECTIONS
    if (timing.readWarmup) {
      log(`${r.name}: ${timing.warmupSeconds} s warm-up, then ${timing.seconds} s at ${CONNECTIONS} connections`)
      const warm = await loadRun({ ...options, duration: timing.warmupSeconds })
      const rate = Number.isFinite(warm.rps) ? warm.rps : 0
      amount = Math.min(50_000, Math.max(amount, Math.round(rate * timing.seconds)))
    } else {
      log(`${r.name}: ${amount} requests at ${CONNECTIONS} connections`)
    }
    const result = await loadRun({ ...options, amount })
    const routeKey = `GET ${r.path.split('?')[0]}`
    const trips = o.tracer
      ? await traced(o.tracer, routeKey, () => loadRun({ ...options, amount: CONNECTIONS * 3 }))
      : undefined
    api.push({ name: r.name, what: `${routeKey} → ${count}`, result, ...(trips ? { trips } : {}) })
  }

  if (!measured(o.only, FIGURES.api.approve)) return api
  const approve = {
    method: 'PATCH' as const,
    url: appUrl,
    connections: CONNECTIONS,
    headers: { ...sup, origin: env.APP_ORIGIN!, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved' }),
    expect: [200],
  }
  const paths = (ids: number[]) => ids.map((id) => `/api/timesheets/${id}/status`)
  log(
    `approve: ${seeded.warmupIds.length} warm-up approvals, then ${seeded.approveIds.length} distinct pending timesheets`,
  )
  // The warm-up's approvals are the counted ones (each id can be approved once).
  const warmUp = () => loadRun({ ...approve, paths: paths(seeded.warmupIds) })
  let trips: Trips | undefined
  if (o.tracer) trips = await traced(o.tracer, 'PATCH /api/timesheets/{id}/status', warmUp)
  else await warmUp()
  api.push({
    name: FIGURES.api.approve,
    what: `PATCH /api/timesheets/{id}/status × ${seeded.approveIds.length} distinct ids`,
    result: await loadRun({ ...approve, paths: paths(seeded.approveIds) }),
    ...(trips ? { trips } : {}),
  })

  return api
}
