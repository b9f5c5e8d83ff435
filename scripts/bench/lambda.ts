import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'

/**
 * Running a bundled function the way Lambda does, in a fresh Node process: the API Gateway v2
 * (HTTP API) event, and a child that imports the bundle, calls its handler once and reports.
 */

export interface EventRequest {
  method: string
  /** The route's path template, e.g. /api/timesheets/{id}/status. */
  path: string
  params?: Record<string, string>
  query?: Record<string, string>
  cookies?: string[]
  headers?: Record<string, string>
  body?: string
}

/** The event the HTTP API sends (the same shape local/src/api-gateway.ts builds). */
export const lambdaEvent = (r: EventRequest) => {
  let rawPath = r.path
  for (const [k, v] of Object.entries(r.params ?? {})) rawPath = rawPath.replace(`{${k}}`, encodeURIComponent(v))
  const requestId = randomUUID()
  return {
    version: '2.0',
    routeKey: `${r.method} ${r.path}`,
    rawPath,
    rawQueryString: new URLSearchParams(r.query).toString(),
    cookies: r.cookies,
    headers: { host: '127.0.0.1', 'user-agent': 'bench', ...r.headers },
    queryStringParameters: r.query,
    pathParameters: r.params,
    body: r.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: '127.0.0.1',
      domainPrefix: 'local',
      http: { method: r.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId,
      routeKey: `${r.method} ${r.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  }
}

/** Plain Node (no TypeScript loader), as the Lambda runtime runs the bundle. */
const RUNNER = `
import { pathToFileURL } from 'node:url'
const rss = () => process.memoryUsage.rss()
const idleRss = rss()
let peak = idleRss
const timer = process.env.BENCH_SAMPLE ? setInterval(() => { const r = rss(); if (r > peak) peak = r }, 2) : undefined
const event = JSON.parse(process.env.BENCH_EVENT)
const c0 = process.cpuUsage()
const t0 = performance.now()
const mod = await import(pathToFileURL(process.env.BENCH_BUNDLE).href)
const t1 = performance.now()
const res = await mod.handler(event, { awsRequestId: event.requestContext.requestId, functionName: 'bench', getRemainingTimeInMillis: () => 29000 })
const t2 = performance.now()
const cpu = process.cpuUsage(c0)
if (timer) clearInterval(timer)
peak = Math.max(peak, rss())
const out = { importMs: t1 - t0, callMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000, status: res && res.statusCode, location: res && res.headers && res.headers.location, body: res && typeof res.body === 'string' ? res.body.slice(0, 300) : undefined, idleRss, sampledPeakRss: peak, maxRss: process.resourceUsage().maxRSS * 1024 }
process.stdout.write('\\nBENCH_RESULT ' + JSON.stringify(out) + '\\n', () => process.exit(0))
`

export interface InvokeResult {
  importMs: number
  callMs: number
  /**
   * The process's CPU time (user and system) over the import and the call: what the function
   * itself spent, which a busy machine inflates far less than the elapsed time.
   */
  cpuMs: number
  status: number
  location?: string
  body?: string
  idleRss: number
  sampledPeakRss: number
  /** The process's peak resident set (getrusage), what Lambda reports as Max Memory Used. */
  maxRss: number
}

/** Imports `bundle` in a fresh Node process with the stack's environment and calls its handler once. */
export const invokeFresh = (
  bundle: string,
  event: unknown,
  env: Record<string, string>,
  options: { sampleMemory?: boolean; timeoutMs?: number } = {},
): Promise<InvokeResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', RUNNER], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        // Lambda runs Node 22, where the AWS SDK has no Node-version notice to print.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
        BENCH_BUNDLE: bundle,
        BENCH_EVENT: JSON.stringify(event),
        ...(options.sampleMemory ? { BENCH_SAMPLE: '1' } : {}),
      },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)))
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '))
      if (!line) return reject(new Error(`${bundle} exited (${code ?? signal}) without a result:\n${err || out}`))
      resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as InvokeResult)
    })
  })
