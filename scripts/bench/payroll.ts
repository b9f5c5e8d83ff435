import { invokeFresh, lambdaEvent } from './lambda.ts'
import { median } from './stats.ts'

/** payroll work for the big organization and one biweekly period: what each case does. */
export interface PayrollCase {
  name: string
  what: string
  /** Median wall time through the local API. */
  httpMs: number
  /** The handler's own time and the process's peak memory in a fresh Node process. */
  lambdaMs: number
  peakRss: number
}

interface Options {
  appUrl: string
  cookie: string
  origin: string
  /** The period's first and last day (two whole workweeks, every timesheet approved). */
  from: string
  to: string
  samples: number
  bundles: Record<string, string>
  env: Record<string, string>
  names: { summary: string; close: string; exports: Record<'csv' | 'gusto' | 'quickbooks-iif' | 'adp', string> }
}

/**
 * The payroll summary and each export of one biweekly period (each a redirect to a file written to
 * S3), then closing that period (reopened between samples, so each close does the whole work).
 */
export const payrollRuns = async (o: Options): Promise<PayrollCase[]> => {
  const [name, value] = o.cookie.split('=') as [string, string]
  const cookies = [`${name}=${value}`]
  const write = { cookie: o.cookie, origin: o.origin, 'content-type': 'application/json' }
  const call = async (method: string, path: string, body?: unknown) => {
    const t = performance.now()
    const res = await fetch(`${o.appUrl}${path}`, {
      method,
      headers: method === 'GET' ? { cookie: o.cookie } : write,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    })
    const text = await res.text()
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return performance.now() - t
  }
  await call('PUT', '/api/payroll/settings', {
    payPeriodFrequency: 'biweekly',
    payPeriodAnchor: o.from,
    adpCompanyCode: 'GRC',
    adpBatchId: 'BENCH',
  })

  const range = { from: o.from, to: o.to }
  const reads = [
    { name: o.names.summary, route: 'payroll/get-summary', path: '/api/payroll/summary', query: range },
    ...(['csv', 'gusto', 'quickbooks-iif', 'adp'] as const).map((format) => ({
      name: o.names.exports[format],
      route: 'payroll/export-payroll',
      path: '/api/payroll/export',
      query: { ...range, format },
    })),
  ]
  const out: PayrollCase[] = []
  for (const r of reads) {
    const times: number[] = []
    for (let i = 0; i < o.samples; i++) times.push(await call('GET', `${r.path}?${new URLSearchParams(r.query)}`))
    const run = await invokeFresh(
      o.bundles[r.route]!,
      lambdaEvent({ method: 'GET', path: r.path, query: r.query, cookies }),
      o.env,
      { sampleMemory: true, timeoutMs: 120_000 },
    )
    if (run.status >= 400) throw new Error(`${r.route} in a fresh process answered ${run.status}: ${run.body}`)
    out.push({
      name: r.name,
      what: `GET ${r.path}?${new URLSearchParams(r.query)}`,
      httpMs: median(times),
      lambdaMs: run.callMs,
      peakRss: Math.max(run.maxRss, run.sampledPeakRss),
    })
  }

  const close = `/api/payroll/periods/${o.from}/close`
  const reopen = () => call('POST', `/api/payroll/periods/${o.from}/reopen`, { reason: 'bench' })
  const times: number[] = []
  for (let i = 0; i < o.samples; i++) {
    times.push(await call('POST', close))
    await reopen()
  }
  const run = await invokeFresh(
    o.bundles['payroll/close-period']!,
    lambdaEvent({
      method: 'POST',
      path: '/api/payroll/periods/{start}/close',
      params: { start: o.from },
      cookies,
      headers: { origin: o.origin, 'content-type': 'application/json' },
      body: '{}',
    }),
    o.env,
    { sampleMemory: true, timeoutMs: 120_000 },
  )
  if (run.status >= 400) throw new Error(`close-period in a fresh process answered ${run.status}: ${run.body}`)
  await reopen()
  out.push({
    name: o.names.close,
    what: `POST ${close}`,
    httpMs: median(times),
    lambdaMs: run.callMs,
    peakRss: Math.max(run.maxRss, run.sampledPeakRss),
  })
  return out
}
