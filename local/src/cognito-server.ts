/**
 * The local Cognito: cognito-local's own server, built as its `createDefaultServer`
 * (lib/server/defaults.js) builds it, with one difference: its pools are saved through
 * CoalescedStoreFactory instead of a whole-file rewrite per change. Run as a child process by
 * `startCognito` (emulators.ts), in the data directory (cognito-local's `.cognito` is relative),
 * with HOST and PORT in its environment. On SIGTERM or SIGINT it stops listening and writes every
 * change before it exits, so a stop loses nothing.
 */
import { createRequire } from 'node:module'
import { CoalescedStoreFactory } from './cognito-store.ts'

const require = createRequire(import.meta.url)
/** cognito-local's own dependencies (pino, aws-sdk), as it resolves them. */
const itsRequire = createRequire(require.resolve('cognito-local/package.json'))
const lib = (path: string) =>
  require(`cognito-local/lib/${path}`) as Record<string, new (...args: unknown[]) => unknown>

type Logger = {
  debug: (...args: unknown[]) => void
  info: (...args: unknown[]) => void
  error: (...args: unknown[]) => void
}
type Server = { start(): Promise<{ address(): unknown; close(done: () => void): void }> }

const pino = itsRequire('pino') as (options: object, stream?: unknown) => Logger
const pretty = itsRequire('pino-pretty') as (options: object) => unknown
const { loadConfig } = require('cognito-local/lib/server/config.js') as {
  loadConfig: (
    ctx: object,
    factory: CoalescedStoreFactory,
  ) => Promise<{
    UserPoolDefaults: object
    TriggerFunctions: object
    LambdaClient: object
    KMSConfig: object
    TokenConfig: object
    ServerConfig: object
  }>
}
const { createServer } = require('cognito-local/lib/server/server.js') as {
  createServer: (router: unknown, logger: Logger, options: object, services: object) => Server
}
const { Router } = require('cognito-local/lib/server/Router.js') as { Router: (services: object) => unknown }
const { otp } = require('cognito-local/lib/services/otp.js') as { otp: unknown }
const AWS = itsRequire('aws-sdk') as { Lambda: new (config: object) => unknown }

const logger = pino(
  { level: process.env.DEBUG ? 'debug' : 'info' },
  pretty({ colorize: false, ignore: 'pid,name,hostname', singleLine: true }),
)

const main = async () => {
  const ctx = { logger }
  const configFiles = new CoalescedStoreFactory('.cognito')
  const poolFiles = new CoalescedStoreFactory('.cognito/db')
  const config = await loadConfig(ctx, configFiles)
  const services = lib('services')
  const clock = new services.DateClock!()
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService.js')
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService.js')
  const cognito = await (
    new CognitoServiceFactoryImpl!('.cognito/db', poolFiles, new UserPoolServiceFactoryImpl!(clock, poolFiles)) as {
      create: (ctx: object, defaults: object) => Promise<unknown>
    }
  ).create(ctx, config.UserPoolDefaults)
  const triggers = new services.TriggersService!(
    clock,
    cognito,
    new services.LambdaService!(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new (lib('services/crypto.js').CryptoService!)(config.KMSConfig),
  )
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery.js')
  const { ConsoleMessageSender } = lib('services/messageDelivery/consoleMessageSender.js')
  const { JwtTokenGenerator } = lib('services/tokenGenerator.js')
  const all = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService!(triggers, new MessageDeliveryService!(new ConsoleMessageSender!())),
    otp,
    tokenGenerator: new JwtTokenGenerator!(clock, triggers, config.TokenConfig),
    triggers,
  }
  const server = await createServer(Router(all), logger, config.ServerConfig, all).start()
  logger.info(`Cognito Local running on ${JSON.stringify(server.address())}`)

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close(() => undefined)
    void Promise.all([poolFiles.flush(), configFiles.flush()]).then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error(e)
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((e: unknown) => {
  logger.error(e)
  process.exit(1)
})
