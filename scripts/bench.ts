/**
 * npm run bench [-- --quick] [-- --out FILE] [-- --only cost|export]
 *
 * Measures, in one run on the local stack (started here on free loopback ports, with a fresh data
 * directory, and stopped at the end): API latency and throughput against a raw DynamoDB GetItem and
 * against each row's floor (the raw reads its answer needs, scripts/bench/floors.ts), then the same
 * rows against an organization of 1,000 members × 52 weeks seeded beside the first (the scale section),
 * the bulk payroll CSV's time and memory, each function's bundle size and cold start, the web's
 * initial JavaScript per route, Lighthouse on four pages, the export of all of an organization's data
 * and what one church costs on AWS a month
 * (its usage model played on a second stack that counts billed units). Prints the tables with each target
 * as pass or miss, and writes them as Markdown (docs/bench-results.md, beside docs/benchmarks.md).
 *
 * --quick is a small end-to-end check for CI: a small data set, ~1 s per load run, one cold-start
 * sample; it prints every figure but writes no file unless --out is given. --only cost runs the
 * cost section alone (its own stack and web build) and prints it, writing no file unless --out;
 * --only export likewise runs the export section alone, on an organization of 10,000 timesheets
 * seeded for it (1,000 with --quick), as scripts/bench/export-only.ts does.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { arch, cpus, loadavg, platform, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resetClients } from '@app/adapters'
import { routes } from '@app/functions'
import { repoRoot } from '@app/local'
import { bulkCsv, type BulkResult } from './bench/bulk.ts'
import { payrollRuns, type PayrollCase } from './bench/payroll.ts'
import { bundleRoutes } from './bench/bundles.ts'
import { COLD_TARGET_MS, coldStarts, type ColdStart } from './bench/cold.ts'
import { costTables, measureCost, webTraffic, type CostMeasured, type WebTraffic } from './bench/cost.ts'
import { startFront } from './bench/front.ts'
import { scoreFirstPages, stopAllChromium, type LighthouseResult } from './bench/lighthouse.ts'
import {
  dashboardLoad,
  DASHBOARDS,
  firstScreenTable,
  staffWarmStart,
  type DashboardLoad,
  type WarmStart,
} from './bench/page-load.ts'
import { apiTables, measureApiRun, type ApiRun } from './bench/api-report.ts'
import { getItemRun, type LoadResult } from './bench/load.ts'
import { EXPORT_TARGET, exportOrganization, exportTable, measureExport, type ExportResult } from './bench/export.ts'
import { FIGURES, markdownReport, verdict, type Table } from './bench/report.ts'
import { FULL, QUICK, QUICK_SCALE, SCALE, SCALE_ORGANIZATION, seedBench } from './bench/seed.ts'
import { startBenchStackRetrying, type BenchStack } from './bench/stack.ts'
import { fmt, kb, mb } from './bench/stats.ts'
import { buildWebWithManifest, initialJs, FIRST_LOADS, type InitialJs } from './bench/web-size.ts'

// The AWS SDK's notice that its 2027 releases need Node 22 (our children inherit this too).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, out: { type: 'string' }, only: { type: 'string' } },
})
const quick = values.quick
if (values.only !== undefined && values.only !== 'cost' && values.only !== 'export')
  throw new Error(`--only takes 'cost' or 'export', not '${values.only}'`)
const onlyCost = values.only === 'cost'
const onlyExport = values.only === 'export'
const outFile = values.out ?? (quick || values.only ? undefined : join(repoRoot, 'docs', 'bench-results.md'))
const set = quick ? QUICK : FULL
const scaleSet = quick ? QUICK_SCALE : SCALE
const CONNECTIONS = 20
/**
 * --quick proves that every measurement runs and prints its figure, nothing more: the API reads are
 * a fixed few requests without a warm-up, and the cold starts run two at a time.
 */
const timing = quick
  ? {
      seconds: 1,
      warmupSeconds: 1,
      coldSamples: 1,
      bulkSamples: 1,
      readWarmup: false,
      coldInParallel: 2,
      lighthouseRuns: 1,
    }
  : {
      seconds: 10,
      warmupSeconds: 2,
      coldSamples: 5,
      bulkSamples: 3,
      readWarmup: true,
      coldInParallel: 1,
      lighthouseRuns: 3,
    }
/**
 * The cost section's churches. 10 members play in full; the larger play 10 members whose part is
 * scaled up (each member sends about 400 requests a month, one at a time so each handler's CPU
 * time is its own: a whole 1,000-member month would take hours), two of the four weeks, while
 * the supervisors' part runs in full against a church of the full size. --quick: small churches,
 * two members, one week.
 */
const costRun = quick
  ? { weeks: 1, sizes: [10, 20, 30, 50].map((members) => ({ members, sample: 2 })) }
  : { weeks: 2, sizes: [10, 50, 200, 1000].map((members) => ({ members, sample: 10 })) }

const TARGET = {
  bulkMs: 3000,
  bulkBytes: 256 * 1024 * 1024,
  payrollMs: 1000,
  payrollBytes: 256 * 1024 * 1024,
  bundleBytes: 250 * 1024,
  coldMs: COLD_TARGET_MS,
  initialJsBytes: 120 * 1024,
  cls: 0.1,
}

/** Lighthouse targets: a score per page, and the largest paint on the public pages. */
const LIGHTHOUSE_TARGET: Record<string, { score: number; lcpMs?: number }> = {
  [FIGURES.lighthouse.landing]: { score: 95, lcpMs: 2000 },
  [FIGURES.lighthouse.pricing]: { score: 95, lcpMs: 2000 },
  [FIGURES.lighthouse.staffLogin]: { score: 95, lcpMs: 2000 },
  [FIGURES.lighthouse.dashboard]: { score: 85 },
  [FIGURES.lighthouse.staffDashboard]: { score: 90 },
}
/** Pass or miss against the page's target, with the target. */
const lighthouseVerdict = (name: string, r: LighthouseResult) => {
  const target = LIGHTHOUSE_TARGET[name]
  if (!target) throw new Error(`No Lighthouse target for ${name}`)
  const { score, lcpMs } = target
  const met = r.performance >= score && r.cls < TARGET.cls && (lcpMs === undefined || r.lcpMs <= lcpMs)
  return `${verdict(met)} (≥${score}${lcpMs === undefined ? '' : `, LCP ≤${lcpMs / 1000} s`})`
}

const started = performance.now()
const log = (message: string) =>
  process.stderr.write(`bench [${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`)
const loadBefore = loadavg()[0]!
const work = mkdtempSync(join(tmpdir(), 'timesheets-bench-'))
let stack: BenchStack | undefined
let front: { close: () => Promise<void> } | undefined

/** Stops what the measurements started (Chromium, the front server, the stack), keeping the work directory. */
const stopAll = async () => {
  await stopAllChromium()
  await front?.close().catch(() => undefined)
  front = undefined
  const errors = stack?.errors() ?? []
  if (errors.length) log(`the API logged errors:\n${errors.join('\n')}`)
  await stack?.stop().catch(() => undefined)
  stack = undefined
}
const cleanup = async () => {
  await stopAll()
  rmSync(work, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the stack`)
    void cleanup().finally(() => process.exit(130))
  })
}

const routeKeys = Object.keys(routes).sort() as (keyof typeof routes)[]

/** Builds the web app (for the measurements) and says what one visit of the dashboard moves through CloudFront. */
const buildWeb = () => {
  const dir = join(work, 'web')
  const manifest = buildWebWithManifest(dir)
  const dashboard = initialJs(manifest, dir, FIRST_LOADS['dashboard (/ signed in)'])
  const html = gzipSync(readFileSync(join(dir, 'index.html')), { level: 6 }).length
  return { dir, manifest, web: webTraffic(html, dashboard) }
}

/** The cost section on a stack that counts billed units (probe.ts): its own, or with --quick the one already running; stopped at the end. */
const measureCostOn = async (web: WebTraffic): Promise<CostMeasured> => {
  if (stack) {
    log('cost: on the same stack, which has counted billed units from the start (--quick)')
  } else {
    log('cost: starting a stack that counts billed units')
    stack = await startBenchStackRetrying(join(work, 'cost-data'), { probe: true, log })
    Object.assign(process.env, stack.env)
    resetClients()
  }
  try {
    return await measureCost(stack, web, { ...costRun, log })
  } finally {
    await stopAll()
  }
}

interface Measured {
  web: WebTraffic
  webSizes: Record<keyof typeof FIRST_LOADS, InitialJs>
  bundleSizes: Awaited<ReturnType<typeof bundleRoutes>>
  seeded: Awaited<ReturnType<typeof seedBench>>
  getItem: LoadResult
  api: ApiRun
  scale: ApiRun
  bulk: BulkResult
  payroll: PayrollCase[]
  export: ExportResult
  cold: Record<string, ColdStart>
  lighthouse: { name: string; url: string; result: LighthouseResult }[]
  firstScreens: { name: string; load: DashboardLoad }[]
  warm: WarmStart
}

const measure = async (): Promise<Measured> => {
  log(`${quick ? 'quick' : 'full'} run; work directory ${work}`)

  // The web, built for production with Vite's manifest: measured, and served to Lighthouse.
  log('building the web app')
  const { dir: manifestDir, manifest, web } = buildWeb()
  const webSizes = Object.fromEntries(
    Object.entries(FIRST_LOADS).map(([route, load]) => [route, initialJs(manifest, manifestDir, load)]),
  ) as Measured['webSizes']

  log(`bundling ${routeKeys.length} functions with esbuild (SDK bundled and SDK external)`)
  const bundleSizes = await bundleRoutes(routeKeys, join(work, 'functions'))

  log('starting the local stack')
  // --quick measures nothing: its one stack counts billed units from the start, for the cost section too.
  // A full run's stack counts the API rows' round trips only while switched on (their own runs).
  stack = await startBenchStackRetrying(join(work, 'data'), { probe: quick, observe: !quick, log })
  Object.assign(process.env, stack.env)
  resetClients()
  const { appUrl, env } = stack

  log(
    `seeding 1 organization of ${set.bigStaff} staff x ${set.weeks} weeks and ${set.smallOrgs} smaller ones (${set.smallMembers} members x ${set.smallWeeks} weeks)`,
  )
  const seeded = await seedBench(set, env.OIDC_ISSUER!)
  log(`seeded ${seeded.timesheets} timesheets (${seeded.items} items) in ${seeded.seconds.toFixed(1)} s`)

  log(`raw GetItem: ${timing.warmupSeconds} s warm-up, then ${timing.seconds} s with ${CONNECTIONS} in flight`)
  const getItem = await getItemRun({
    env,
    key: seeded.sampleKey,
    concurrency: CONNECTIONS,
    seconds: timing.seconds,
    warmupSeconds: timing.warmupSeconds,
  })

  // Not in --quick: taking the counts there would take them from the cost section.
  const tracer = quick ? undefined : { observe: stack.observe, usage: stack.usage }
  const api = await measureApiRun({ appUrl, env, seeded, connections: CONNECTIONS, timing, log, tracer })

  log(
    `scale: seeding 1 organization of ${scaleSet.bigStaff} staff x ${scaleSet.weeks} weeks (${scaleSet.pending} pending), then the same API rows`,
  )
  const scaleSeeded = await seedBench(scaleSet, env.OIDC_ISSUER!, SCALE_ORGANIZATION)
  log(`seeded ${scaleSeeded.timesheets} timesheets (${scaleSeeded.items} items) in ${scaleSeeded.seconds.toFixed(1)} s`)
  const scale = await measureApiRun({
    appUrl,
    env,
    seeded: scaleSeeded,
    connections: CONNECTIONS,
    timing,
    log,
    tracer,
  })

  log('bulk payroll CSV')
  const bulk = await bulkCsv({
    appUrl,
    cookie: seeded.supervisorCookie,
    samples: timing.bulkSamples,
    bundle: bundleSizes.files['reports/bulk-timesheets']!,
    env,
  })

  log(`payroll: summary, four exports and closing one biweekly period of ${set.bigStaff} staff`)
  const payroll = await payrollRuns({
    appUrl,
    cookie: seeded.supervisorCookie,
    origin: env.APP_ORIGIN!,
    from: seeded.payrollStart,
    to: seeded.payrollEnd,
    samples: timing.bulkSamples,
    bundles: bundleSizes.files,
    env,
    names: {
      summary: FIGURES.payroll.summary,
      close: FIGURES.payroll.close,
      exports: {
        csv: FIGURES.payroll.csv,
        gusto: FIGURES.payroll.gusto,
        'quickbooks-iif': FIGURES.payroll.iif,
        adp: FIGURES.payroll.adp,
      },
    },
  })

  log(
    `export of all data: the big organization's ${seeded.bigTimesheets} timesheets, the export job in a fresh process`,
  )
  const exported = await exportOrganization({
    orgId: seeded.orgId,
    supervisorId: seeded.supervisorId,
    organization: `the big organization above (${seeded.bigMembers} members × ${set.weeks} weeks), after the API and payroll runs`,
    timesheets: seeded.bigTimesheets,
    members: seeded.bigMembers,
  })

  // The demo organization is made on its first visit; make it now so no cold start pays for it.
  await fetch(`${appUrl}/api/demo`, { redirect: 'manual' }).then((r) => r.arrayBuffer())
  log(`cold starts: ${routeKeys.length} functions × ${timing.coldSamples}, ${timing.coldInParallel} at a time`)
  const { cold } = await coldStarts({
    keys: routeKeys,
    files: bundleSizes.files,
    env,
    samples: timing.coldSamples,
    parallel: timing.coldInParallel,
  })

  const gz = await startFront(manifestDir, appUrl)
  front = gz
  const lighthouse = await scoreFirstPages(gz, seeded, timing.lighthouseRuns, log)
  const firstScreens: Measured['firstScreens'] = []
  for (const d of DASHBOARDS) {
    log(`${d.name}: round trips, then a CPU profile`)
    firstScreens.push({ name: d.name, load: await dashboardLoad(gz, seeded[d.cookie], d.ready) })
  }
  log('the staff app, warm')
  const warm = await staffWarmStart(gz, seeded.staffCookie, quick ? 1 : undefined)
  return {
    web,
    webSizes,
    bundleSizes,
    seeded,
    getItem,
    api,
    scale,
    bulk,
    payroll,
    export: exported,
    cold,
    lighthouse,
    firstScreens,
    warm,
  }
}

const tables = (m: Measured): Table[] => {
  const s = m.seeded
  const b = m.bulk
  const bulkOk = b.httpMs < TARGET.bulkMs && b.peakRss < TARGET.bulkBytes
  const keys = routeKeys
  const fnRows = keys.map((key) => {
    const bundled = m.bundleSizes.sizes.sdkBundled[key]!
    const external = m.bundleSizes.sizes.sdkExternal[key]!
    const c = m.cold[key]!
    return [
      key,
      `${routes[key].method} ${routes[key].path}`,
      fmt(kb(bundled), 0),
      fmt(kb(external), 0),
      `${verdict(bundled < TARGET.bundleBytes)} / ${verdict(external < TARGET.bundleBytes)}`,
      fmt(c.ms, 0),
      fmt(c.importMs, 0),
      fmt(c.cpuMs, 0),
      String(c.status),
      verdict(c.ms < TARGET.coldMs),
    ]
  })
  const biggest = [...keys].sort(
    (x, y) => m.bundleSizes.sizes.sdkExternal[y]! - m.bundleSizes.sizes.sdkExternal[x]!,
  )[0]!
  const heavy = (variant: 'sdkBundled' | 'sdkExternal') =>
    m.bundleSizes
      .heaviest(variant, biggest, 4)
      .map((h) => `${h.name} ${fmt(kb(h.bytes), 0)} KB`)
      .join(', ')
  const webRows = (Object.keys(FIRST_LOADS) as (keyof typeof FIRST_LOADS)[]).map((route) => {
    const w = m.webSizes[route]
    const name = {
      '/': FIGURES.web.landing,
      '/pricing': FIGURES.web.pricing,
      '/staff-login': FIGURES.web.staffLogin,
      'dashboard (/ signed in)': FIGURES.web.dashboard,
    }[route]
    return [
      name,
      route,
      fmt(kb(w.gzipBytes), 1),
      fmt(kb(w.rawBytes), 0),
      String(w.chunks),
      fmt(kb(w.cssGzipBytes), 1),
      verdict(w.gzipBytes < TARGET.initialJsBytes),
    ]
  })
  const lhRows = m.lighthouse.map(({ name, url, result: r }) => [
    name,
    name === FIGURES.lighthouse.dashboard
      ? `${url} (supervisor's session)`
      : name === FIGURES.lighthouse.staffDashboard
        ? `${url} (staff member's session)`
        : url,
    String(r.performance),
    fmt(r.lcpMs / 1000, 2),
    fmt(r.tbtMs, 0),
    fmt(r.cls, 3),
    fmt(r.fcpMs / 1000, 2),
    lighthouseVerdict(name, r),
  ])
  return [
    ...apiTables({ getItem: m.getItem, main: m.api, scale: m.scale, connections: CONNECTIONS, timing }),
    {
      title: 'Bulk payroll CSV (GET /api/reports/bulk-timesheets as the big organization’s supervisor)',
      head: [
        'figure',
        'rows',
        'CSV MB',
        'HTTP ms (median)',
        'handler ms, fresh process',
        'peak RSS MB',
        'idle RSS MB',
        `target (<${TARGET.bulkMs / 1000} s, <${mb(TARGET.bulkBytes)} MB)`,
      ],
      numeric: [1, 2, 3, 4, 5, 6],
      rows: [
        [
          FIGURES.bulk,
          String(b.rows),
          fmt(mb(b.csvBytes), 1),
          fmt(b.httpMs, 0),
          fmt(b.lambdaMs, 0),
          fmt(mb(b.peakRss), 0),
          fmt(mb(b.idleRss), 0),
          verdict(bulkOk),
        ],
      ],
      notes: [
        `HTTP: median of ${b.samples} requests through the local API (query every submitted timesheet, build the CSV, write it to the S3 emulator, redirect to a pre-signed link).`,
        'Peak RSS: a fresh Node process imports the function’s bundle (SDK bundled) and calls its handler once with an API Gateway event carrying the supervisor’s session; the peak resident set of the whole process (getrusage maxRSS, and RSS sampled every 2 ms), what Lambda reports as Max Memory Used.',
      ],
    },
    {
      title: `Payroll: ${s.payrollStart} to ${s.payrollEnd}, one biweekly period of the big organization`,
      head: [
        'figure',
        'request',
        'HTTP ms (median)',
        'handler ms, fresh process',
        'peak RSS MB',
        `target (<${TARGET.payrollMs / 1000} s, <${mb(TARGET.payrollBytes)} MB)`,
      ],
      numeric: [2, 3, 4],
      rows: m.payroll.map((p) => [
        p.name,
        p.what,
        fmt(p.httpMs, 0),
        fmt(p.lambdaMs, 0),
        fmt(mb(p.peakRss), 0),
        verdict(p.httpMs < TARGET.payrollMs && p.peakRss < TARGET.payrollBytes),
      ]),
      notes: [
        `HTTP: median of ${timing.bulkSamples} requests through the local API. Summary and exports read the member-week figures approval stored; each export writes its file to the S3 emulator and redirects to a pre-signed link. Close: checks every timesheet of the period is approved, locks its workweeks, reads them again; it is reopened between samples.`,
        'Peak RSS: the function’s bundle in a fresh Node process, as for the bulk CSV.',
      ],
    },
    exportTable(m.export),
    {
      title: 'Functions: bundle size and cold start',
      head: [
        'route',
        'method and path',
        'KB, SDK bundled',
        'KB, SDK external',
        `size <${kb(TARGET.bundleBytes)} KB (bundled / external)`,
        'cold ms',
        'of which import',
        'CPU ms',
        'first status',
        `cold <${TARGET.coldMs} ms`,
      ],
      numeric: [2, 3, 5, 6, 7, 8],
      rows: fnRows,
      notes: [
        'Bundles: esbuild, minified, platform node, target node20, ES module (as infra bundles them; infra targets node22); the entry imports the route file and exports handler = route.lambda. "SDK bundled" is what infra deploys; "SDK external" leaves @aws-sdk/* to the v3 SDK in Lambda’s Node runtime.',
        `Largest bundle ${biggest}: SDK bundled ${heavy('sdkBundled')}; SDK external ${heavy('sdkExternal')}.`,
        `Cold start: median of ${timing.coldSamples} fresh Node processes, each importing the SDK-bundled file and calling its handler once (import plus first call, timed inside the process; Node’s own start-up is not counted); "of which import" is what Lambda reports as Init Duration; "CPU ms" the process’s CPU time over both, which a busy machine inflates far less than the elapsed time. The request is the same for every route: no session cookie; PATCH/POST/PUT/DELETE carry our Origin, a JSON content type and {} so CSRF passes. Member and supervisor routes answer 401 at the session check; public routes run their handler against the local emulators (the demo organization is made beforehand).`,
      ],
    },
    {
      title: 'Web: initial JavaScript per route (vite build, gzip level 6)',
      head: [
        'figure',
        'route',
        'JS KB gzipped',
        'JS KB raw',
        'chunks',
        'CSS KB gzipped',
        `target (<${kb(TARGET.initialJsBytes)} KB gz)`,
      ],
      numeric: [2, 3, 4, 5],
      rows: webRows,
      notes: [
        'From the Vite manifest: the entry chunk and its static imports, the chunks the HTML the route is answered with preloads (a public page’s prerendered file, its chunk and catalogues in English; for the dashboard the app shell, which names the signed-in frame’s and the dashboard’s chunks), plus the route’s lazy chunks and their static imports (the dashboard also needs the lazy signed-in frame, AppShell). CSS is shown, not counted.',
        ...webRows.map((_, i) => {
          const route = Object.keys(FIRST_LOADS)[i] as keyof typeof FIRST_LOADS
          const parts = m.webSizes[route].byPackage.slice(0, 6).map((p) => `${p.name} ${fmt(kb(p.bytes), 0)}`)
          return `Largest parts of ${route} (minified KB, from the source maps): ${parts.join(', ')}.`
        }),
      ],
    },
    {
      title: 'Lighthouse (mobile, default settings: simulated slow 4G, 4× CPU slowdown; Debian Chromium headless)',
      head: [
        'figure',
        'page',
        'performance',
        'LCP s',
        'TBT ms',
        'CLS',
        'FCP s',
        `target (CLS <${TARGET.cls} everywhere)`,
      ],
      numeric: [2, 3, 4, 5, 6],
      rows: lhRows,
      notes: [
        'The built app (this run’s production build, the same files as web/dist) served over HTTP/2 and TLS as CloudFront serves it (scripts/bench/front.ts), through the local stack’s static handler with its security headers, /api/* passed to the stack’s API, the app’s files compressed by that handler as CloudFront does (Brotli when the browser takes it, else gzip) and the API’s text answers gzipped. The dashboard runs send the supervisor’s or a staff member’s session cookie with every request. Lighthouse times the load on a simulated slow phone from a trace of the real one, so a loaded machine inflates TBT.',
        ...m.lighthouse.map(
          ({ name, result: r }) =>
            `${name}: LCP element ${r.lcpElement}; layout shifts ${r.shifts.map((x) => `${fmt(x.score, 3)} ${x.element}`).join(', ') || 'none'}.`,
        ),
      ],
    },
    firstScreenTable(m.firstScreens, m.warm),
  ]
}

const machine = () => {
  const cpu = cpus()
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${fmt(totalmem() / 1024 ** 3, 1)} GiB memory, Node ${process.version} (${platform()} ${arch()})`
}

/** The export section alone (--only export), on a stack of its own: an organization of 10,000 timesheets (--quick: 1,000) seeded for it. */
const measureExportOnly = async () => {
  log('export: starting a stack')
  stack = await startBenchStackRetrying(join(work, 'export-data'), { log })
  Object.assign(process.env, stack.env)
  resetClients()
  try {
    return await measureExport(quick ? 1_000 : EXPORT_TARGET.timesheets, log)
  } finally {
    await stopAll()
  }
}

const main = async () => {
  let m: Measured | undefined
  let cost: CostMeasured | undefined
  let exportAlone: ExportResult | undefined
  try {
    if (onlyExport) {
      exportAlone = await measureExportOnly()
    } else if (onlyCost) {
      log('building the web app')
      cost = await measureCostOn(buildWeb().web)
    } else {
      m = await measure()
      // The measured stack stops first: the cost stack never shares the machine with it.
      if (!quick) await stopAll()
      cost = await measureCostOn(m.web)
    }
  } finally {
    await cleanup()
  }
  const seconds = (performance.now() - started) / 1000
  const stamp = new Date()
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ' UTC')
    .replace('T', ' ')
  const big = set.bigStaff * set.weeks
  const load = `load average ${fmt(loadBefore, 2)} at the start and ${fmt(loadavg()[0], 2)} at the end`
  const measured = `Measured ${stamp} on ${machine()}; ${load}.`
  const flags = [quick ? '--quick' : '', values.only ? `--only ${values.only}` : ''].filter(Boolean).join(' ')
  const mode = flags ? ` -- ${flags}` : ''
  const intro = !m
    ? [
        measured,
        '',
        `The ${values.only} section alone, run with \`npm run bench${mode}\`; it took ${fmt(seconds / 60, 1)} min.`,
      ]
    : [
        measured,
        '',
        `Data: 1 organization of ${set.bigStaff} staff (plus its supervisor) × ${set.weeks} weeks = ${big.toLocaleString('en-US')} timesheets, among ${set.smallOrgs} smaller organizations of ${set.smallMembers} members × ${set.smallWeeks} weeks; ${m.seeded.timesheets.toLocaleString('en-US')} timesheets (${m.seeded.items.toLocaleString('en-US')} items) seeded in ${fmt(m.seeded.seconds, 1)} s with seedOrganization's batch writes. Everything (DynamoDB Local, the S3 emulator, the API, the load generator, Chromium) ran on this one machine over 127.0.0.1. ${quick ? 'QUICK MODE (a check that everything runs, not a measurement). ' : ''}The whole run took ${fmt(seconds / 60, 1)} min.`,
      ]
  const report = markdownReport(`Benchmark (\`npm run bench${mode}\`)`, intro, [
    ...(m ? tables(m) : []),
    ...(exportAlone ? [exportTable(exportAlone)] : []),
    ...(cost ? costTables(cost, quick) : []),
  ])
  console.log(`\n${report}`)
  if (outFile) {
    writeFileSync(outFile, `${report}\n`)
    log(`wrote ${outFile}`)
  }
  // Every figure must have been measured (a number, not a dash); targets are only reported.
  const missing = report.split('\n').filter((l) => l.startsWith('|') && / — /.test(l))
  if (missing.length) {
    log(`some figures were not measured:\n${missing.join('\n')}`)
    process.exit(1)
  }
  log(`done in ${fmt(seconds, 0)} s`)
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    log(`failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    process.exit(1)
  },
)
