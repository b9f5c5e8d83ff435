/**
 * npx tsx scripts/bench/api-only.ts [--quick]
 *
 * The benchmark's API table alone (the raw GetItem, current week, list, dashboard stats, a month's
 * report and approvals), on its own local stack with the full data set: a few minutes instead of
 * the whole `npm run bench`, for working on these routes. Prints the table; writes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resetClients } from '@app/adapters'
import { measureApi } from './api.ts'
import { getItemRun } from './load.ts'
import { FIGURES, markdownTable } from './report.ts'
import { FULL, QUICK, seedBench } from './seed.ts'
import { startBenchStackRetrying } from './stack.ts'
import { fmt } from './stats.ts'
import { runMain } from './run-main.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } })
const timing = values.quick
  ? { seconds: 1, warmupSeconds: 1, readWarmup: false }
  : { seconds: 10, warmupSeconds: 2, readWarmup: true }
const connections = 20
const log = (message: string) => process.stderr.write(`bench api: ${message}\n`)

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'timesheets-bench-api-'))
  const stack = await startBenchStackRetrying(join(work, 'data'), { log })
  try {
    Object.assign(process.env, stack.env)
    resetClients()
    const seeded = await seedBench(values.quick ? QUICK : FULL, stack.env.OIDC_ISSUER!)
    log(`seeded ${seeded.timesheets} timesheets in ${fmt(seeded.seconds, 1)} s`)
    const getItem = await getItemRun({ env: stack.env, key: seeded.sampleKey, concurrency: connections, ...timing })
    const api = await measureApi({ appUrl: stack.appUrl, env: stack.env, seeded, connections, timing, log })
    const row = (name: string, what: string, r: typeof getItem) => [
      name,
      what,
      fmt(r.p50, 1),
      fmt(r.p99, 1),
      fmt(r.rps, 0),
      fmt(r.p50 / getItem.p50, 1),
      String(r.errors),
    ]
    console.log(
      markdownTable({
        title: `API alone (${connections} connections)`,
        head: ['figure', 'request', 'p50 ms', 'p99 ms', 'req/s', 'p50 ÷ GetItem p50', 'errors'],
        numeric: [2, 3, 4, 5, 6],
        rows: [
          row(FIGURES.baseline, 'GetItem of one timesheet', getItem),
          ...api.map((a) => row(a.name, a.what, a.result)),
        ],
        notes: [],
      }),
    )
    const errors = stack.errors()
    if (errors.length) log(`the API logged errors:\n${errors.join('\n')}`)
  } finally {
    await stack.stop().catch(() => undefined)
    rmSync(work, { recursive: true, force: true })
  }
}

void runMain(main, log)
