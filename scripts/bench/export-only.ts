/**
 * npx tsx scripts/bench/export-only.ts [--timesheets N]
 *
 * The benchmark's export section alone: on its own local stack, one organization with
 * 10,000 timesheets, its export of all data made by the export job in a fresh process. Prints the
 * seconds and the peak memory (RSS) against the targets (under 60 s, under 512 MB); writes nothing.
 */
import { parseArgs } from 'node:util'
import { EXPORT_TARGET, measureExport } from './export.ts'
import { withBenchStack } from './stack.ts'
import { fmt, mb, loadAverages } from './stats.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({ options: { timesheets: { type: 'string', default: String(EXPORT_TARGET.timesheets) } } })
const log = (message: string) => process.stderr.write(`bench export: ${message}\n`)
const verdict = (met: boolean) => (met ? 'met' : 'missed')

const main = () =>
  withBenchStack('export', log, async () => {
    const r = await measureExport(Number(values.timesheets), log)
    console.log(
      `export of ${r.timesheets} timesheets (${r.members} members): ${fmt(r.seconds, 1)} s ` +
        `(target under ${EXPORT_TARGET.seconds} s: ${verdict(r.seconds < EXPORT_TARGET.seconds)}), ` +
        `peak RSS ${fmt(mb(r.peakRss), 0)} MB (target under ${fmt(mb(EXPORT_TARGET.rssBytes), 0)} MB: ` +
        `${verdict(r.peakRss < EXPORT_TARGET.rssBytes)}), idle RSS ${fmt(mb(r.idleRss), 0)} MB, ` +
        `zip ${fmt(mb(r.zipBytes), 1)} MB; load average ${loadAverages()}`,
    )
  })

void runMain(main, log)
