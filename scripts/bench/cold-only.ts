/**
 * npx tsx scripts/bench/cold-only.ts [--route KEY]... [--samples N] [--save DIR] [--against DIR]
 *
 * The benchmark's cold starts alone, for working on a function: bundles the routes (all of them
 * unless --route names some) as `npm run bench` does, starts a local stack, and runs each bundle in
 * fresh Node processes with the bench's request (scripts/bench/cold.ts); prints each route's sizes,
 * cold start (import plus first call), import and target. Writes nothing.
 * --save DIR keeps the bundles in DIR; --against DIR cold-starts DIR's bundles of the same routes
 * too, one sample of each after the other, to compare a change with its before on the same machine.
 */
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { routes } from '@app/functions'
import { bundleRoutes } from './bundles.ts'
import { COLD_TARGET_MS, coldStarts, type RouteKey } from './cold.ts'
import { markdownTable, verdict } from './report.ts'
import { withBenchStack } from './stack.ts'
import { fmt, kb, loadAverages } from './stats.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({
  options: {
    route: { type: 'string', multiple: true },
    samples: { type: 'string', default: '5' },
    save: { type: 'string' },
    against: { type: 'string' },
  },
})
const keys = (values.route?.length ? values.route : Object.keys(routes).sort()) as RouteKey[]
for (const key of keys) if (!(key in routes)) throw new Error(`No route ${key}`)
const samples = Number(values.samples)
if (!Number.isInteger(samples) || samples < 1) throw new Error(`--samples takes a whole number, not ${values.samples}`)
const log = (message: string) => process.stderr.write(`bench cold: ${message}\n`)

const main = () =>
  withBenchStack('cold', log, async (stack, work) => {
    log(`bundling ${keys.length} functions`)
    const bundles = await bundleRoutes(keys, join(work, 'functions'))
    if (values.save) {
      cpSync(join(work, 'functions', 'sdkBundled'), values.save, { recursive: true })
      log(`bundles kept in ${values.save}`)
    }
    const againstDir = values.against
    const against = againstDir
      ? Object.fromEntries(
          keys.map((key) => [key, join(againstDir, `${key}.mjs`)]).filter(([, file]) => existsSync(file!)),
        )
      : undefined
    // The demo organization is made on its first visit; make it now so no cold start pays for it.
    await fetch(`${stack.appUrl}/api/demo`, { redirect: 'manual' }).then((r) => r.arrayBuffer())
    log(`cold starts: ${keys.length} functions × ${samples}${against ? ', each beside its bundle in --against' : ''}`)
    const measured = await coldStarts({ keys, files: bundles.files, against, env: stack.env, samples })
    console.log(`Measured ${new Date().toISOString()}; load average ${loadAverages()} at the end.\n`)
    const rows = keys.map((key) => {
      const c = measured.cold[key]!
      const before = measured.against[key]
      return [
        key,
        fmt(kb(bundles.sizes.sdkBundled[key]!), 0),
        fmt(kb(bundles.sizes.sdkExternal[key]!), 0),
        fmt(c.ms, 0),
        fmt(c.importMs, 0),
        fmt(c.cpuMs, 0),
        String(c.status),
        verdict(c.ms < COLD_TARGET_MS),
        ...(against ? [before ? fmt(before.ms, 0) : '—', before ? fmt(before.cpuMs, 0) : '—'] : []),
      ]
    })
    console.log(
      markdownTable({
        title: 'Functions: cold start',
        head: [
          'route',
          'KB, SDK bundled',
          'KB, SDK external',
          'cold ms',
          'of which import',
          'CPU ms',
          'first status',
          `cold <${COLD_TARGET_MS} ms`,
          ...(against ? ['--against: cold ms', '--against: CPU ms'] : []),
        ],
        numeric: against ? [1, 2, 3, 4, 5, 6, 8, 9] : [1, 2, 3, 4, 5, 6],
        rows,
        notes: [
          `Median of ${samples} fresh Node processes each (scripts/bench/cold.ts): import plus first call, of which the import; CPU ms is the process's CPU time over both.`,
        ],
      }),
    )
  })

void runMain(main, log)
