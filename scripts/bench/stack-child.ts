/**
 * The local stack in its own process for the benchmark, so the load generator (the parent) and
 * the handlers do not share one event loop. Started by stack.ts with IPC; argv[2] is the data
 * directory. Sends { type: 'ready', appUrl, env } and stops on { type: 'stop' } or when the
 * parent goes away.
 */
import { freePorts, startStack, type Stack } from '@app/local'

const dataDir = process.argv[2]
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
process.on('message', (m: { type?: string }) => {
  if (m?.type === 'stop') void stop(0)
})
process.on('disconnect', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))

try {
  stack = await startStack({ ports: await freePorts(), dataDir, web: 'none' })
  process.send({ type: 'ready', appUrl: stack.appUrl, env: stack.env })
} catch (e) {
  process.send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
  await stop(1)
}
