import { FIGURES } from './report.ts'
import { loadRun, type LoadResult } from './load.ts'
import type { Seeded } from './seed.ts'

export interface ApiFigure {
  name: string
  what: string
  result: LoadResult
}

/** What an API measurement runs against and for how long. */
export interface ApiMeasureOptions {
  appUrl: string
  env: Record<string, string | undefined>
  seeded: Seeded
  connections: number
  timing: { seconds: number; warmupSeconds: number; readWarmup: boolean }
  log: (message: string) => void
}

/**
 * The API part of the benchmark, against a seeded stack: the four reads (current week, list,
 * dashboard stats, a month's report) and the approvals. Also run alone by `api-only.ts`.
 */
export const measureApi = async (o: ApiMeasureOptions): Promise<ApiFigure[]> => {
  const { appUrl, env, seeded, timing, log } = o
  const CONNECTIONS = o.connections
  const sup = { cookie: seeded.supervisorCookie }
  const reportQuery = `start=${seeded.reportStart}&end=${seeded.reportEnd}`
  const reads = [
    { name: FIGURES.api.currentWeek, path: '/api/timesheets/current-week', headers: { cookie: seeded.staffCookie } },
    { name: FIGURES.api.list, path: '/api/timesheets', headers: sup },
    { name: FIGURES.api.stats, path: '/api/dashboard/stats', headers: sup },
    { name: FIGURES.api.reports, path: `/api/timesheets/reports?${reportQuery}`, headers: sup },
  ]
  const api: ApiFigure[] = []
  for (const r of reads) {
    // One request first: it must succeed, and says how much it returns.
    const probe = await fetch(`${appUrl}${r.path}`, { headers: r.headers })
    const body = (await probe.json()) as unknown
    if (probe.status !== 200) throw new Error(`${r.path} answered ${probe.status}: ${JSON.stringify(body)}`)
    const count = Array.isArray(body)
      ? `${body.length} timesheets`
      : Array.isArray((body as { items?: unknown[] }).items)
        ? `${(body as { items: unknown[] }).items.length} timesheets`
        : 'one object'
    const options = { url: `${appUrl}${r.path}`, connections: CONNECTIONS, headers: r.headers, expect: [200] }
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
    api.push({
      name: r.name,
      what: `GET ${r.path.split('?')[0]} → ${count}`,
      result: await loadRun({ ...options, amount }),
    })
  }

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
  await loadRun({ ...approve, paths: paths(seeded.warmupIds) })
  api.push({
    name: FIGURES.api.approve,
    what: `PATCH /api/timesheets/{id}/status × ${seeded.approveIds.length} distinct ids`,
    result: await loadRun({ ...approve, paths: paths(seeded.approveIds) }),
  })

  return api
}
