import { invokeFresh, lambdaEvent } from './lambda.ts'
import { median } from './stats.ts'

export interface BulkResult {
  /** Median wall time of GET /api/reports/bulk-timesheets through the local API (build, upload, redirect). */
  httpMs: number
  samples: number
  rows: number
  csvBytes: number
  /** The handler's own time and the process's peak memory in a fresh Node process. */
  lambdaMs: number
  peakRss: number
  idleRss: number
}

/** The payroll CSV of every submitted timesheet, timed over HTTP and measured in a separate process. */
export const bulkCsv = async (o: {
  appUrl: string
  cookie: string
  samples: number
  bundle: string
  env: Record<string, string>
}): Promise<BulkResult> => {
  const times: number[] = []
  let location = ''
  for (let i = 0; i < o.samples; i++) {
    const t = performance.now()
    const res = await fetch(`${o.appUrl}/api/reports/bulk-timesheets`, {
      headers: { cookie: o.cookie },
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    })
    await res.arrayBuffer()
    times.push(performance.now() - t)
    if (res.status < 300 || res.status >= 400) throw new Error(`bulk-timesheets answered ${res.status}`)
    location = res.headers.get('location') ?? ''
  }
  // The file it wrote: count its rows (header excluded) through the pre-signed link.
  const file = await fetch(new URL(location, o.appUrl), { signal: AbortSignal.timeout(120_000) })
  if (!file.ok) throw new Error(`The exported CSV could not be read (${file.status})`)
  const csv = await file.text()
  const rows = csv.split(/\r?\n/).filter(Boolean).length - 1

  const [name, value] = o.cookie.split('=') as [string, string]
  const event = lambdaEvent({
    method: 'GET',
    path: '/api/reports/bulk-timesheets',
    cookies: [`${name}=${value}`],
  })
  const run = await invokeFresh(o.bundle, event, o.env, { sampleMemory: true, timeoutMs: 180_000 })
  if (run.status < 300 || run.status >= 400)
    throw new Error(`bulk-timesheets in a fresh process answered ${run.status}: ${run.body}`)
  return {
    httpMs: median(times),
    samples: times.length,
    rows,
    csvBytes: Buffer.byteLength(csv),
    lambdaMs: run.callMs,
    peakRss: Math.max(run.maxRss, run.sampledPeakRss),
    idleRss: run.idleRss,
  }
}
