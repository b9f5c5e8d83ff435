/**
 * npx tsx scripts/bench/page-load-only.ts [--quick] [--lighthouse [--runs N]]
 *
 * The benchmark's signed-in first screens alone (page-load.ts: round trips before the largest
 * paint, where the CPU goes, the staff app's warm start), on a stack of its own with the benchmark's
 * data set, served as CloudFront would (front.ts). --lighthouse also prints the first scripts' sizes
 * and Lighthouse's figures for `/`, `/pricing`, `/staff-login` and both dashboards, as `npm run bench` does
 * (the median of N runs each; 1 unless said).
 * Prints the figures; writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resetClients } from '@app/adapters'
import { startFront } from './front.ts'
import { dashboardLoad, firstScreenTable, staffWarmStart, DASHBOARDS } from './page-load.ts'
import { markdownTable } from './report.ts'
import { FULL, QUICK, seedBench } from './seed.ts'
import { startBenchStackRetrying } from './stack.ts'
import { scoreFirstPages } from './lighthouse.ts'
import { buildWebWithManifest, initialJs, FIRST_LOADS } from './web-size.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    runs: { type: 'string' },
  },
})
const log = (message: string) => process.stderr.write(`bench page load: ${message}\n`)

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'timesheets-bench-page-'))
  log('building the web app')
  const manifest = buildWebWithManifest(join(work, 'web'))
  const stack = await startBenchStackRetrying(join(work, 'data'), { log })
  const front = await startFront(join(work, 'web'), stack.appUrl)
  try {
    Object.assign(process.env, stack.env)
    resetClients()
    const seeded = await seedBench(values.quick ? QUICK : FULL, stack.env.OIDC_ISSUER!)
    if (values.lighthouse) {
      for (const [route, load] of Object.entries(FIRST_LOADS)) {
        const js = initialJs(manifest, join(work, 'web'), load)
        console.log(`${route}: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped in ${js.chunks} chunks`)
      }
      for (const { name, result: r } of await scoreFirstPages(
        front,
        seeded,
        values.runs ? Number(values.runs) : 1,
        log,
      ))
        console.log(
          `${name}: ${r.performance} (LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, FCP ${(r.fcpMs / 1000).toFixed(2)} s); largest paint: ${r.lcpElement}${r.shifts.map((x) => `; shift ${x.score.toFixed(3)}: ${x.element}`).join('')}`,
        )
    }
    const loads = []
    for (const d of DASHBOARDS) {
      log(d.name)
      loads.push({ name: d.name, load: await dashboardLoad(front, seeded[d.cookie], d.ready) })
    }
    log('the staff app, warm')
    const warm = await staffWarmStart(front, seeded.staffCookie)
    console.log(markdownTable(firstScreenTable(loads, warm)))
  } finally {
    await front.close()
    await stack.stop().catch(() => undefined)
    rmSync(work, { recursive: true, force: true })
  }
}

void runMain(main, log)
