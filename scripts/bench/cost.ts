/**
 * What one church costs on AWS a month: the usage model (usage-model.ts) played against the
 * bench stack (month.ts), its measured units priced at list prices (aws-prices.ts), as tables.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '@app/local'
import { FREE_TIERS, PRICES, PRICES_READ, SOURCES } from './aws-prices.ts'
import { runMonth, type MonthRun, type ScaledRoute } from './month.ts'
import { verdict, type Table } from './report.ts'
import type { BenchStack } from './stack.ts'
import { fmt } from './stats.ts'
import type { InitialJs } from './web-size.ts'
import { describeModel, MODEL, MONTH_SCALE } from './usage-model.ts'

export const COST_TARGET = { perChurch50: 0.25, p99Ms: 100, bulkMs: 3000 }
export const MEMORY_SIZES = [256, 512, 1024, 1769]
/** At 1,769 MB a function has one full vCPU; below, a share proportional to its memory. */
const FULL_VCPU_MB = 1769
const BULK_ROUTE = 'GET /api/reports/bulk-timesheets'
const GB = 1024 ** 3

/** The figure names the cost tables always print (bench.test.ts checks them). */
export const COST_FIGURES = {
  total: 'total, one church a month',
  allRoutes: 'all routes',
  perChurch: 'per church (the organization)',
} as const

export interface Template {
  memoryMb: number
  arch: 'arm64' | 'x86_64'
}

/** The memory size and architecture every function gets (infra/lib/constructs/lambda.ts). */
export const readTemplate = (): Template => {
  const source = readFileSync(join(repoRoot, 'infra/lib/constructs/lambda.ts'), 'utf8')
  const memory = /memorySize:\s*(\d+)/.exec(source)
  if (!memory) throw new Error('No memorySize in infra/lib/constructs/lambda.ts')
  return { memoryMb: Number(memory[1]), arch: /Architecture\.ARM_64/.test(source) ? 'arm64' : 'x86_64' }
}

/** The web app's CloudFront traffic per visit, from the built bundle and its cache headers. */
export interface WebTraffic {
  /** A visit with an empty cache: index.html, the dashboard's JavaScript and CSS. */
  first: { requests: number; bytes: number }
  /** A later visit: index.html only (no-cache, revalidated); hashed assets are immutable for a year. */
  cached: { requests: number; bytes: number }
}

/** Lambda's duration for one invocation at `memoryMb`: the CPU part slows by the CPU share, waiting does not. */
export const durationAt = (wallMs: number, cpuMs: number, memoryMb: number) => {
  const cpu = Math.min(cpuMs, wallMs)
  return wallMs - cpu + cpu * Math.max(1, FULL_VCPU_MB / memoryMb)
}

const weightedQuantile = (samples: { ms: number; weight: number }[], q: number) => {
  const sorted = [...samples].sort((a, b) => a.ms - b.ms)
  const total = sorted.reduce((n, s) => n + s.weight, 0)
  let seen = 0
  for (const s of sorted) {
    seen += s.weight
    if (seen >= q * total) return s.ms
  }
  return Number.NaN
}

const SERVICES = ['Lambda', 'API Gateway', 'CloudFront', 'DynamoDB', 'S3', 'SES', 'Cognito', 'CloudWatch Logs'] as const
type Service = (typeof SERVICES)[number]
type Dollars = Record<Service, number>
const zero = (): Dollars => Object.fromEntries(SERVICES.map((s) => [s, 0])) as Dollars
const sum = (d: Dollars) => SERVICES.reduce((n, s) => n + d[s], 0)

interface RouteCost {
  route: string
  requests: number
  gbSeconds: number
  billedMsAvg: number
  readUnits: number
  writeUnits: number
  dollars: Dollars
}

/** One church's month priced at `memoryMb`. */
export const priceMonth = (
  run: MonthRun,
  weeksPlayed: number,
  template: Template,
  web: WebTraffic,
  memoryMb: number,
) => {
  const toMonth = MONTH_SCALE * (MODEL.weeks / weeksPlayed)
  const P = PRICES
  const routeCost = (route: string, r: ScaledRoute, factor: number): RouteCost => {
    const requests = r.invocations * factor
    const billedMs =
      r.samples.reduce((n, s) => n + s.weight * Math.ceil(durationAt(s.wallMs, s.cpuMs, memoryMb)), 0) * factor
    const gbSeconds = (billedMs / 1000) * (memoryMb / 1024)
    const d = zero()
    d.Lambda = (requests / 1e6) * P.lambda.perMillionRequests + gbSeconds * P.lambda.perGbSecond[template.arch]
    d['API Gateway'] = (requests / 1e6) * P.apiGateway.perMillionRequests
    d.CloudFront =
      (requests / 1e4) * P.cloudfront.perTenThousandHttpsRequests +
      ((r.bytesOut * factor) / GB) * P.cloudfront.perGbOut +
      ((r.bytesIn * factor) / GB) * P.cloudfront.perGbToOrigin
    d.DynamoDB =
      ((r.readUnits * factor) / 1e6) * P.dynamodb.perMillionReadUnits +
      ((r.writeUnits * factor) / 1e6) * P.dynamodb.perMillionWriteUnits
    d.S3 =
      ((r.s3Puts * factor) / 1000) * P.s3.perThousandPuts +
      ((r.s3Gets * factor) / 1000) * P.s3.perThousandGets +
      ((r.s3BytesOut * factor) / GB) * P.s3.perGbOut
    d.SES = ((r.emails * factor) / 1000) * P.ses.perThousandEmails
    // Logs kept a month (the log groups' retention): ingestion plus one month of storage.
    d['CloudWatch Logs'] = ((r.logBytes * factor) / GB) * (P.cloudwatch.perGbIngested + P.cloudwatch.perGbMonthStored)
    return {
      route,
      requests,
      gbSeconds,
      billedMsAvg: requests ? billedMs / requests : 0,
      readUnits: r.readUnits * factor,
      writeUnits: r.writeUnits * factor,
      dollars: d,
    }
  }
  const merged = new Map<string, RouteCost>()
  const add = (rc: RouteCost) => {
    const m = merged.get(rc.route)
    if (!m) return merged.set(rc.route, rc)
    const requests = m.requests + rc.requests
    m.billedMsAvg = requests ? (m.billedMsAvg * m.requests + rc.billedMsAvg * rc.requests) / requests : 0
    m.requests = requests
    m.gbSeconds += rc.gbSeconds
    m.readUnits += rc.readUnits
    m.writeUnits += rc.writeUnits
    for (const s of SERVICES) m.dollars[s] += rc.dollars[s]
  }
  for (const [route, r] of Object.entries(run.routes)) add(routeCost(route, r, toMonth))
  for (const [route, r] of Object.entries(run.monthly)) add(routeCost(route, r, 1))
  // A route that used nothing (work outside any request, when there was none) is left out.
  const routes = [...merged.values()]
    .filter((r) => r.requests > 0 || sum(r.dollars) > 0)
    .sort((a, b) => sum(b.dollars) - sum(a.dollars))

  // What belongs to the church rather than to a request.
  const church = zero()
  const visits = run.visits * toMonth + run.monthlyVisits
  const users = run.mau.staffPool + run.mau.supervisorPool
  // Each user's device downloads the app once a month (a release a month), then revalidates index.html.
  const webRequests = users * web.first.requests + Math.max(0, visits - users) * web.cached.requests
  const webBytes = users * web.first.bytes + Math.max(0, visits - users) * web.cached.bytes
  church.CloudFront =
    (webRequests / 1e4) * P.cloudfront.perTenThousandHttpsRequests + (webBytes / GB) * P.cloudfront.perGbOut
  church.Cognito = users * P.cognito.perMau
  // A year of such months kept in DynamoDB; payroll CSVs expire after 7 days (the exports bucket's rule).
  church.DynamoDB = ((run.storedBytes * 12) / GB) * P.dynamodb.perGbMonth
  const csvBytes = sumRoutes(run, 's3BytesPut', toMonth)
  church.S3 = (csvBytes / GB) * (7 / 30) * P.s3.perGbMonth

  const byService = zero()
  for (const r of routes) for (const s of SERVICES) byService[s] += r.dollars[s]
  for (const s of SERVICES) byService[s] += church[s]
  const interactive = Object.entries(run.routes)
    .concat(Object.entries(run.monthly))
    .filter(([route]) => route !== BULK_ROUTE)
    .flatMap(([, r]) => r.samples.map((s) => ({ ms: durationAt(s.wallMs, s.cpuMs, memoryMb), weight: s.weight })))
  const bulk = [...(run.routes[BULK_ROUTE]?.samples ?? []), ...(run.monthly[BULK_ROUTE]?.samples ?? [])].map((s) => ({
    ms: durationAt(s.wallMs, s.cpuMs, memoryMb),
    weight: 1,
  }))
  return {
    routes,
    church,
    byService,
    total: sum(byService),
    requests: routes.reduce((n, r) => n + r.requests, 0),
    gbSeconds: routes.reduce((n, r) => n + r.gbSeconds, 0),
    webRequests,
    webBytes,
    users,
    visits,
    p50: weightedQuantile(interactive, 0.5),
    p99: weightedQuantile(interactive, 0.99),
    bulkMax: bulk.length ? Math.max(...bulk.map((b) => b.ms)) : Number.NaN,
  }
}

const sumRoutes = (run: MonthRun, f: 's3BytesPut', toMonth: number) =>
  Object.values(run.routes).reduce((n, r) => n + r[f] * toMonth, 0) +
  Object.values(run.monthly).reduce((n, r) => n + r[f], 0)

export type Priced = ReturnType<typeof priceMonth>

export interface CostRunOptions {
  /** Church sizes, and how many members of each play the member part (the rest are scaled from them). */
  sizes: { members: number; sample: number }[]
  weeks: number
  log: (message: string) => void
}

export interface CostMeasured {
  runs: MonthRun[]
  weeks: number
  template: Template
  web: WebTraffic
}

/** Plays the month for each church size on `stack` (started with the probe). */
export const measureCost = async (stack: BenchStack, web: WebTraffic, o: CostRunOptions): Promise<CostMeasured> => {
  const runs: MonthRun[] = []
  for (const size of o.sizes) {
    const how =
      size.sample >= size.members ? 'every member' : `${size.sample} members played, scaled to ${size.members}`
    o.log(`cost: a church of ${size.members} members, ${o.weeks} weeks (${how})`)
    const run = await runMonth(stack, {
      members: size.members,
      sample: size.sample,
      weeks: o.weeks,
      name: `Cost Church ${size.members}`,
    })
    if (run.errors.length)
      throw new Error(`The month of ${size.members} members had errors:\n${run.errors.slice(0, 10).join('\n')}`)
    o.log(`cost: ${run.requestsSent} requests in ${fmt(run.seconds, 0)} s`)
    if (run.quotaRefused)
      o.log(`cost: ${run.quotaRefused} submissions or decisions refused by the daily email quota (300 a day)`)
    runs.push(run)
  }
  return { runs, weeks: o.weeks, template: readTemplate(), web }
}

const usd = (n: number) => `$${n.toFixed(n >= 1 ? 2 : 4)}`
const usd6 = (n: number) => n.toFixed(6)
const int = (n: number) => Math.round(n).toLocaleString('en-US')

export const costTables = (m: CostMeasured, quick: boolean): Table[] => {
  const t = m.template
  const fifty = m.runs.find((r) => r.church.members === 50) ?? m.runs[0]!
  const p = priceMonth(fifty, m.weeks, t, m.web, t.memoryMb)
  const c = fifty.church
  const serviceUnits: Record<Service, string> = {
    Lambda: `${int(p.requests)} invocations, ${fmt(p.gbSeconds, 0)} GB-s at ${t.memoryMb} MB ${t.arch}`,
    'API Gateway': `${int(p.requests)} HTTP API requests`,
    CloudFront: `${int(p.requests)} API + ${int(p.webRequests)} web requests; ${fmt(p.webBytes / 1024 ** 2, 1)} MB of web app out`,
    DynamoDB: `${int(p.routes.reduce((n, r) => n + r.readUnits, 0))} RRU, ${int(p.routes.reduce((n, r) => n + r.writeUnits, 0))} WRU; ${fmt(fifty.storedBytes / 1024, 0)} KB a month stored`,
    S3: `${int(sumOf(fifty, 's3Puts', m.weeks))} PUT, ${int(sumOf(fifty, 's3Gets', m.weeks))} GET; ${fmt(sumOf(fifty, 's3BytesPut', m.weeks) / 1024, 0)} KB of CSV written`,
    SES: `${int(sumOf(fifty, 'emails', m.weeks))} emails`,
    Cognito: `${c.members} staff-pool + ${c.supervisors} supervisor-pool MAU`,
    'CloudWatch Logs': `${fmt(sumOf(fifty, 'logBytes', m.weeks) / 1024 ** 2, 2)} MB of logs`,
  }
  const serviceRows = SERVICES.map((s) => [
    s,
    serviceUnits[s],
    usd6(p.byService[s]),
    fmt((100 * p.byService[s]) / p.total, 1),
  ])
  const totalOk = p.total < COST_TARGET.perChurch50
  const top = p.routes.slice(0, 5)

  const routeRows = p.routes.map((r) => [
    r.route,
    int(r.requests),
    fmt(r.billedMsAvg, 1),
    int(r.readUnits),
    int(r.writeUnits),
    usd6(r.dollars.Lambda),
    usd6(r.dollars['API Gateway']),
    usd6(r.dollars.CloudFront),
    usd6(r.dollars.DynamoDB),
    usd6(r.dollars.S3 + r.dollars.SES + r.dollars['CloudWatch Logs']),
    usd6(sum(r.dollars)),
  ])
  const all = zero()
  for (const r of p.routes) for (const s of SERVICES) all[s] += r.dollars[s]
  const routeTotal = [
    COST_FIGURES.allRoutes,
    int(p.requests),
    fmt(p.routes.reduce((n, r) => n + r.billedMsAvg * r.requests, 0) / p.requests, 1),
    int(p.routes.reduce((n, r) => n + r.readUnits, 0)),
    int(p.routes.reduce((n, r) => n + r.writeUnits, 0)),
    usd6(all.Lambda),
    usd6(all['API Gateway']),
    usd6(all.CloudFront),
    usd6(all.DynamoDB),
    usd6(all.S3 + all.SES + all['CloudWatch Logs']),
    usd6(sum(all)),
  ]
  const churchRow = [
    COST_FIGURES.perChurch,
    '',
    '',
    '',
    '',
    usd6(p.church.Lambda),
    usd6(p.church['API Gateway']),
    usd6(p.church.CloudFront),
    usd6(p.church.DynamoDB),
    usd6(p.church.S3 + p.church.SES + p.church['CloudWatch Logs'] + p.church.Cognito),
    usd6(sum(p.church)),
  ]

  // Growth: every size priced at the template's memory size.
  let previous: { members: number; perMember: number } | undefined
  let linear = true
  const growthRows = m.runs.map((run) => {
    const g = priceMonth(run, m.weeks, t, m.web, t.memoryMb)
    const perMember = g.total / run.church.members
    const ratio = previous ? perMember / previous.perMember : 1
    if (ratio > 1.1) linear = false
    previous = { members: run.church.members, perMember }
    return [
      `${run.church.members} members`,
      String(run.church.supervisors),
      run.sample >= run.church.members ? 'all (played)' : `${run.sample} played, scaled`,
      int(g.requests),
      usd6(g.total),
      usd6(perMember),
      fmt(ratio, 2),
    ]
  })
  const first = m.runs[0]!
  const last = m.runs[m.runs.length - 1]!
  const bends = bending(
    priceMonth(first, m.weeks, t, m.web, t.memoryMb),
    first,
    priceMonth(last, m.weeks, t, m.web, t.memoryMb),
    last,
  )

  // Memory sizes: the same month, duration rescaled from the measured CPU time.
  const sized = MEMORY_SIZES.map((mb) => ({ mb, p: priceMonth(fifty, m.weeks, t, m.web, mb) }))
  const meeting = sized.filter((s) => s.p.p99 < COST_TARGET.p99Ms && s.p.bulkMax < COST_TARGET.bulkMs)
  const cheapest = [...meeting].sort((a, b) => a.p.total - b.p.total)[0]
  const memoryRows = sized.map(({ mb, p: q }) => [
    `${mb} MB${mb === t.memoryMb ? ' (template)' : ''}`,
    fmt(Math.min(1, mb / FULL_VCPU_MB), 2),
    fmt(q.p50, 1),
    fmt(q.p99, 1),
    fmt(q.bulkMax, 0),
    fmt(q.gbSeconds, 0),
    usd6(q.byService.Lambda),
    usd6(q.total),
    verdict(q.p99 < COST_TARGET.p99Ms && q.bulkMax < COST_TARGET.bulkMs),
    cheapest?.mb === mb ? 'cheapest meeting p99' : '',
  ])

  const played = (r: MonthRun) =>
    r.sample >= r.church.members
      ? `all ${r.church.members} members played`
      : `${r.sample} of ${r.church.members} members played, the member part scaled by ${fmt(r.church.members / r.sample, 1)}`
  return [
    {
      title: `Cost of one church a month: ${c.members} members (${c.staff} staff, ${c.volunteers} volunteers) and ${c.supervisors} supervisors, AWS list prices us-east-1`,
      head: [
        'service',
        'measured units a month',
        'USD a month',
        '% of total',
        `target (<$${COST_TARGET.perChurch50} for 50 members)`,
      ],
      numeric: [2, 3],
      rows: [
        ...serviceRows.map((r) => [...r, '']),
        [
          COST_FIGURES.total,
          `${int(p.requests)} API requests, ${int(p.visits)} visits`,
          usd6(p.total),
          '100.0',
          verdict(totalOk),
        ],
      ],
      notes: [
        ...describeModel(),
        `Measured: the month above played against the local stack (${played(fifty)}; ${m.weeks} weeks played, scaled to a calendar month of ${fmt(52 / 12, 2)} weeks; the month-end reports and export once). Units come from the stack itself: Lambda invocations and durations timed around each handler call in the local API adapter and rounded up to 1 ms as Lambda bills; DynamoDB read and write units from ReturnConsumedCapacity TOTAL on every call (asked for only in this bench mode); S3 requests and bytes and SES emails from the SDK calls the handlers made; CloudFront from the bytes each response carried (uncompressed, plus about 400 bytes of headers).`,
        `Lambda duration at ${t.memoryMb} MB (the template's size, ${t.arch}): measured wall time, its CPU part slowed by ${FULL_VCPU_MB}/${t.memoryMb} (below ${FULL_VCPU_MB} MB Lambda gives a CPU share proportional to memory; this machine's core counts as one full vCPU), waiting not. Waiting is on local emulators (DynamoDB Local, S3 and SES emulators in the same process, whose CPU time is counted as the handler's), so AWS's own latencies differ.`,
        `Web app (CloudFront): each user downloads the app once a month (${web(m.web.first)}), every later visit revalidates index.html (${web(m.web.cached)}); the hashed assets are cached for a year. Cognito: every member and supervisor signs in at least once a month (one MAU each, Lite feature plan). DynamoDB storage: the church's partition after the month (${fmt(fifty.storedBytes / 1024, 0)} KB), held for a year (12 months of such data). Payroll CSVs are kept 7 days. Logs: the handlers' JSON request lines, ingested and kept a month.`,
        `Not per church: 3 Secrets Manager secrets (OIDC client, Stripe, email links) $${fmt(3 * PRICES.secretsManager.perSecretMonth, 2)} a month for the whole deployment, plus $${PRICES.secretsManager.perTenThousandCalls} per 10,000 reads (once per cold start); the retry-emails job every 5 minutes (8,640 invocations a month, $${fmt((8640 / 1e6) * PRICES.lambda.perMillionRequests, 4)} in requests); CloudFront and S3 access logs. Cold starts (init duration) are not in the figures.`,
        `Prices read ${PRICES_READ} from ${Object.values(SOURCES).join(', ')}. Free tiers, NOT subtracted: ${FREE_TIERS.join(' ')}`,
        ...(quick
          ? [
              'QUICK MODE: a few members and one week played; the figures show the run works, they are not a measurement.',
            ]
          : []),
      ],
    },
    {
      title: `Cost per route, one church of ${c.members} members a month (USD; most expensive first)`,
      head: [
        'route',
        'requests',
        'billed ms avg',
        'RRU',
        'WRU',
        'Lambda',
        'API Gateway',
        'CloudFront',
        'DynamoDB',
        'S3, SES, Cognito, logs',
        'total',
      ],
      numeric: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      rows: [...routeRows, routeTotal, churchRow],
      notes: [
        `The five most expensive routes: ${top.map((r, i) => `${i + 1}. ${r.route} ${usd(sum(r.dollars))}`).join('; ')}.`,
        `"${COST_FIGURES.allRoutes}" sums the routes; "${COST_FIGURES.perChurch}" is what no single request causes (the web app through CloudFront, Cognito MAU, stored data); the two make the total above. Lambda and API Gateway are wholly per route.`,
      ],
    },
    {
      title: `Growth: the same month for churches of ${m.runs.map((r) => r.church.members).join(', ')} members`,
      head: [
        'church',
        'supervisors',
        'members played',
        'API requests a month',
        'USD a month',
        'USD per member',
        'per member ÷ previous size',
        'target (no faster than linear)',
      ],
      numeric: [1, 3, 4, 5, 6],
      rows: growthRows.map((r, i) => [...r, i === growthRows.length - 1 ? verdict(linear) : '']),
      notes: [
        `Sizes played in full: ${
          m.runs
            .filter((r) => r.sample >= r.church.members)
            .map((r) => r.church.members)
            .join(', ') || 'none'
        }. The others play a sample of members (a member sends about 200 requests a week, one at a time so that each handler's CPU time is its own; a whole 1,000-member month would take hours here) and scale the member part, with the decisions of its timesheets, by N / sample; two supervisors play the daily dashboard visits, scaled to all supervisors; the decisions, reports and the payroll export read a church seeded to the full size (the other members' weeks, decided).`,
        `Linear means the cost per member does not grow with size (pass when no size costs more than 10 % more per member than the size before it). ${bends}`,
      ],
    },
    {
      title: `Lambda memory size: the ${c.members}-member month at each size (${t.arch}; duration rescaled from the measured CPU time)`,
      head: [
        'memory',
        'vCPU share',
        'p50 ms',
        'p99 ms',
        'bulk CSV ms',
        'GB-s a month',
        'Lambda USD',
        'church USD',
        `p99 <${COST_TARGET.p99Ms} ms, bulk <${COST_TARGET.bulkMs / 1000} s`,
        'choice',
      ],
      numeric: [1, 2, 3, 4, 5, 6, 7],
      rows: memoryRows,
      notes: [
        `Per invocation: duration(M) = (wall − CPU) + CPU × max(1, ${FULL_VCPU_MB} / M), billed rounded up to 1 ms, at M / 1024 GB. p50 and p99 over every invocation but the bulk CSV (its own target is ${COST_TARGET.bulkMs / 1000} s; the column is its slowest run).`,
        cheapest
          ? `Cheapest size meeting the p99 target: ${cheapest.mb} MB (${usd(cheapest.p.total)} a church-month)${cheapest.mb === t.memoryMb ? ', the template’s size.' : `; the template sets ${t.memoryMb} MB.`}`
          : 'No size meets the p99 target on this machine.',
      ],
    },
  ]
}

/** The web app's traffic per visit from this build: the dashboard's initial files, gzipped as CloudFront sends them. */
export const webTraffic = (indexHtmlGzipBytes: number, dashboard: InitialJs): WebTraffic => ({
  first: {
    requests: 1 + dashboard.chunks + (dashboard.cssGzipBytes > 0 ? 1 : 0),
    bytes: indexHtmlGzipBytes + dashboard.gzipBytes + dashboard.cssGzipBytes,
  },
  cached: { requests: 1, bytes: indexHtmlGzipBytes },
})

const web = (v: { requests: number; bytes: number }) => `${v.requests} requests, ${fmt(v.bytes / 1024, 1)} KB`

const sumOf = (run: MonthRun, f: 's3Puts' | 's3Gets' | 's3BytesPut' | 'emails' | 'logBytes', weeks: number) => {
  const toMonth = MONTH_SCALE * (MODEL.weeks / weeks)
  return (
    Object.values(run.routes).reduce((n, r) => n + r[f] * toMonth, 0) +
    Object.values(run.monthly).reduce((n, r) => n + r[f], 0)
  )
}

/** Which routes' cost per member grows most from the smallest church to the largest: what bends the line. */
const bending = (small: Priced, s: MonthRun, large: Priced, l: MonthRun) => {
  const per = (p: Priced, run: MonthRun) => new Map(p.routes.map((r) => [r.route, sum(r.dollars) / run.church.members]))
  const a = per(small, s)
  const b = per(large, l)
  const growth = [...b.entries()]
    .map(([route, v]) => ({ route, v, ratio: v / (a.get(route) ?? Number.NaN), delta: v - (a.get(route) ?? 0) }))
    .filter((g) => Number.isFinite(g.ratio))
    .sort((x, y) => y.delta - x.delta)
    .slice(0, 3)
  const churchPer = (p: Priced, run: MonthRun) => sum(p.church) / run.church.members
  return `From ${s.church.members} to ${l.church.members} members, per member: ${growth
    .map((g) => `${g.route} ×${fmt(g.ratio, 2)}`)
    .join(', ')} (the routes whose cost per member grew most); the church's own part (web, Cognito, storage) ×${fmt(
    churchPer(large, l) / churchPer(small, s),
    2,
  )}.`
}
