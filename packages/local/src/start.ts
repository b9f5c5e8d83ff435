import { join } from 'node:path'
import { configuredPorts, PortInUseError } from './ports.ts'
import { repoRoot, startStack } from './stack.ts'

/** `npm start`: the whole product on 127.0.0.1, data kept under .local/. */
const main = async () => {
  const started = Date.now()
  const web = process.env.WEB_MODE === 'dist' ? 'dist' : 'dev'
  const stripeVariables = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES']
  const stripe = process.env.STRIPE_SECRET_KEY
    ? Object.fromEntries(stripeVariables.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])))
    : undefined
  const dataDir = process.env.LOCAL_DATA_DIR ?? join(repoRoot, '.local')
  const stack = await startStack({ ports: configuredPorts(), dataDir, web, env: stripe })
  const line = '─'.repeat(60)
  console.log(`\n${line}
  Ministry Timesheets is running (${((Date.now() - started) / 1000).toFixed(1)} s)

  App:          ${stack.appUrl}
  Local inbox:  ${stack.inboxUrl}
  Sign-in:      ${stack.issuer} (local identity provider)
  Billing:      ${stripe ? 'Stripe (STRIPE_SECRET_KEY set)' : 'not configured (set STRIPE_SECRET_KEY to enable)'}
  Data:         ${dataDir} (kept across restarts)

  Press Ctrl-C to stop.
${line}\n`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping...`)
    await stack.stop()
    console.log('Stopped.')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((e: unknown) => {
  console.error(e instanceof PortInUseError ? `\n${e.message}\n` : e)
  process.exit(1)
})
