import { join } from 'node:path'
import { configuredPorts, PortInUseError } from './ports.ts'
import { repoRoot, startStack } from './stack.ts'
import { buildWebIfStale } from '../../web/build.ts'

/** `npm start`: the whole product on 127.0.0.1, data kept under .local/. */
const main = async () => {
  const started = Date.now()
  // `npm start` serves the production build, as CloudFront does; `npm run dev` Vite's hot reload.
  const web = process.env.WEB_MODE === 'dev' ? 'dev' : 'dist'
  if (web === 'dist') buildWebIfStale(repoRoot, (line) => console.log(line))
  const stripeVariables = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES']
  const stripe = process.env.STRIPE_SECRET_KEY
    ? Object.fromEntries(stripeVariables.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])))
    : undefined
  const dataDir = process.env.LOCAL_DATA_DIR ?? join(repoRoot, '.local')
  const stack = await startStack({ ports: configuredPorts(), dataDir, web, env: stripe })
  const line = '─'.repeat(60)
  console.log(`\n${line}
  Ministry Timesheets is running (${((Date.now() - started) / 1000).toFixed(1)} s)

  App:          ${stack.appUrl} (${web === 'dist' ? 'production build; npm run dev for hot reload' : 'Vite dev server with hot reload'})
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
