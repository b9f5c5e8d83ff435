/**
 * npx tsx scripts/bench/bulk-only.ts [--quick] [--samples N] [--hold FILE]
 *
 * The benchmark's bulk payroll CSV figure alone (bulk.ts), on its own local stack with the full
 * data set: the bulk function bundled as the benchmark bundles it, then the median of a few HTTP
 * requests and one call in a fresh process. Prints the figures with the load average; writes
 * nothing. --hold FILE keeps the seeded stack running (its environment, the supervisor's cookie
 * and the bundle's path written to FILE as JSON) until SIGINT, for profiling against it.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { bulkCsv } from './bulk.ts'
import { bundleRoutes } from './bundles.ts'
import { FULL, QUICK, seedBench } from './seed.ts'
import { withBenchStack } from './stack.ts'
import { fmt, mb, loadAverages } from './stats.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    samples: { type: 'string', default: '3' },
    hold: { type: 'string' },
  },
})
const log = (message: string) => process.stderr.write(`bench bulk: ${message}\n`)

const main = () =>
  withBenchStack('bulk', log, async (stack, work) => {
    const { files } = await bundleRoutes(['reports/bulk-timesheets'], join(work, 'functions'))
    log('stack started and function bundled; seeding')
    const seeded = await seedBench(values.quick ? QUICK : FULL, stack.env.OIDC_ISSUER!)
    log(`seeded ${seeded.timesheets} timesheets in ${fmt(seeded.seconds, 1)} s; load ${loadAverages()}`)
    const bundle = files['reports/bulk-timesheets']!
    try {
      const b = await bulkCsv({
        appUrl: stack.appUrl,
        cookie: seeded.supervisorCookie,
        samples: Number(values.samples),
        bundle,
        env: stack.env,
      })
      console.log(
        `rows ${b.rows}, CSV ${fmt(mb(b.csvBytes), 1)} MB, HTTP ${fmt(b.httpMs, 0)} ms (median of ${b.samples}), ` +
          `handler ${fmt(b.lambdaMs, 0)} ms, peak RSS ${fmt(mb(b.peakRss), 0)} MB, idle RSS ${fmt(mb(b.idleRss), 0)} MB; ` +
          `load average ${loadAverages()}`,
      )
    } catch (e) {
      // A held stack stays up for profiling even when the measurement failed (a timeout on a busy machine).
      if (!values.hold) throw e
      log(`the measurement failed (load average ${loadAverages()}): ${e instanceof Error ? e.message : String(e)}`)
    }
    const errors = stack.errors()
    if (errors.length) log(`the API logged errors:\n${errors.join('\n')}`)
    if (values.hold) {
      writeFileSync(values.hold, JSON.stringify({ env: stack.env, cookie: seeded.supervisorCookie, bundle }))
      log(`holding the stack (${values.hold}); SIGINT stops it`)
      await new Promise((resolve) => process.once('SIGINT', resolve))
    }
  })

void runMain(main, log)
