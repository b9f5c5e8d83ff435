/**
 * npx tsx scripts/bench/api-only.ts [--quick] [--main-only]
 * BENCH_ONLY=stats,approve BENCH_SECONDS=3 npx tsx scripts/bench/api-only.ts
 *
 * The benchmark's API tables alone (the raw GetItem, current week, list, dashboard stats, a month's
 * report and approvals, each beside its floor; then the same against the scale section's
 * organization), on its own local stack with the full data sets: a few minutes instead of the whole
 * `npm run bench`, for working on these routes. Prints the tables; writes nothing. --main-only
 * leaves out the scale section (its 52,000 timesheets take most of the run on a busy machine).
 * Each row is also run once more with the handlers' AWS calls counted (the stack's `observe`
 * mode), which prints where a request's time goes: the local API floor, the round trips, the rest.
 * BENCH_ONLY names the rows to run (currentWeek, list, stats, reports, approve; with their floors
 * and the API floor), BENCH_SECONDS shortens each timed run: for a shared machine, where the
 * figures are indicative. `npm run bench` reads neither.
 */
import { parseArgs } from 'node:util'
import { apiTables, measureApiRun } from './api-report.ts'
import { FIGURES } from './report.ts'
import { getItemRun } from './load.ts'
import { markdownTable } from './report.ts'
import { FULL, QUICK, QUICK_SCALE, SCALE, SCALE_ORGANIZATION, seedBench } from './seed.ts'
import { withBenchStack } from './stack.ts'
import { fmt, loadAverages } from './stats.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, 'main-only': { type: 'boolean', default: false } },
})
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const timing = values.quick
  ? { seconds: 1, warmupSeconds: 1, readWarmup: false }
  : { seconds, warmupSeconds: Math.min(2, seconds), readWarmup: true }
const rowNames = FIGURES.api as Record<string, string>
const only = process.env.BENCH_ONLY
  ? new Set(
      process.env.BENCH_ONLY.split(',').map((key) => {
        const name = rowNames[key.trim()]
        if (!name) throw new Error(`BENCH_ONLY: no row ${key}; rows: ${Object.keys(rowNames).join(', ')}`)
        return name
      }),
    )
  : undefined
const connections = 20
const log = (message: string) => process.stderr.write(`bench api: ${message}\n`)

const main = () =>
  withBenchStack(
    'api',
    log,
    async (stack) => {
      const seeded = await seedBench(values.quick ? QUICK : FULL, stack.env.OIDC_ISSUER!)
      log(`seeded ${seeded.timesheets} timesheets in ${fmt(seeded.seconds, 1)} s`)
      const getItem = await getItemRun({ env: stack.env, key: seeded.sampleKey, concurrency: connections, ...timing })
      const tracer = { observe: stack.observe, usage: stack.usage }
      const main = await measureApiRun({
        appUrl: stack.appUrl,
        env: stack.env,
        seeded,
        connections,
        timing,
        log,
        tracer,
        only,
      })
      const scaleRun = async () => {
        const scaleSeeded = await seedBench(
          values.quick ? QUICK_SCALE : SCALE,
          stack.env.OIDC_ISSUER!,
          SCALE_ORGANIZATION,
        )
        log(`seeded the scale organization's ${scaleSeeded.timesheets} timesheets in ${fmt(scaleSeeded.seconds, 1)} s`)
        return measureApiRun({
          appUrl: stack.appUrl,
          env: stack.env,
          seeded: scaleSeeded,
          connections,
          timing,
          log,
          tracer,
          only,
        })
      }
      const scale = values['main-only'] ? undefined : await scaleRun()
      const load = `load average ${loadAverages()}`
      console.log(`Measured ${new Date().toISOString()}; ${load} at the end.\n`)
      for (const table of apiTables({ getItem, main, scale, connections, timing }))
        console.log(`${markdownTable(table)}\n`)
      const errors = stack.errors()
      if (errors.length) log(`the API logged errors:\n${errors.join('\n')}`)
    },
    { observe: true },
  )

void runMain(main, log)
