/**
 * Run by export.ts in a fresh Node process (the stack's environment given): the export job for one
 * organization, as its Lambda runs it. Prints one JSON line: seconds, peak RSS and what it made.
 */
import { exportJob } from '@app/functions'

const orgId = process.argv[2]
if (!orgId) throw new Error('Usage: export-child.ts <orgId>')
const idleRss = process.memoryUsage().rss
let sampledPeak = idleRss
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)
}, 50)
const started = performance.now()
const result = await exportJob([orgId])
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
const peakRss = Math.max(sampledPeak, process.resourceUsage().maxRSS * 1024)
console.log(JSON.stringify({ seconds, peakRss, idleRss, ...result }))
process.exit(0)
