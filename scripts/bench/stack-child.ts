/**
 * The local stack in its own process for the benchmark, so the load generator (the parent) and
 * the handlers do not share one event loop. Started by stack.ts with IPC; argv[2] is the data
 * directory, argv[3] 'probe' to count what AWS would bill (probe.ts; answers { type: 'usage' }), or
 * 'observe' for the same count switched on and off by { type: 'observe', on } (the API bench times
 * its rows with it off, then counts each request's round trips with it on).
 * Sends { type: 'ready', appUrl, env } and stops on { type: 'stop' } or when the parent goes away.
 */
import { freePorts, startStack, type Stack } from '@app/local'
import { installProbe, setProbeActive, takeUsage } from './probe.ts'

const dataDir = process.argv[2]
const probing = process.argv[3] === 'probe'
const observing = process.argv[3] === 'observe'
// Before any AWS client is made: the adapters then ask DynamoDB for consumed capacity, or only
// report each call.
if (probing) process.env.BENCH_CONSUMED_CAPACITY = '1'
if (observing) process.env.BENCH_OBSERVE_CALLS = '1'
if (!dataDir || !process.send) {
  console.error('stack-child.ts is started by scripts/bench/stack.ts')
  process.exit(2)
}

let stack: Stack | undefined
let stopping = false
const stop = async (code: number) => {
  if (stopping) return
  stopping = true
  await stack?.stop().catch(() => undefined)
  process.exit(code)
}
process.on('message', (m: { type?: string; on?: boolean }) => {
  if (m?.type === 'stop') void stop(0)
  if (m?.type === 'usage') process.send!({ type: 'usage', usage: takeUsage() })
  if (m?.type === 'observe') {
    // A probing stack counts everything, always.
    if (observing) setProbeActive(m.on === true)
    process.send!({ type: 'observing', on: m.on === true })
  }
})
process.on('disconnect', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))

try {
  if (probing || observing) installProbe()
  if (observing) setProbeActive(false)
  // The measured stack's DynamoDB Local at its fastest; the counting one (cost, --quick) needs no C2.
  // No export timer: the bench runs the export job itself, in a fresh process, and times it; the
  // timer taking the job first (it runs every minute) would leave the measured run nothing to make.
  stack = await startStack({ ports: await freePorts(), dataDir, web: 'none', fullJit: !probing, exportTimer: false })
  process.send({ type: 'ready', appUrl: stack.appUrl, env: stack.env })
} catch (e) {
  process.send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
  await stop(1)
}
