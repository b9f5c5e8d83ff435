import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'

/**
 * Lambda's JSON log format (LoggingFormat.JSON, set on every function in infra), as the Node.js
 * runtime applies it: each console call becomes one JSON object with `timestamp`, `level`,
 * `requestId` and the formatted arguments as a string in `message`. A line written straight to
 * stdout reaches the log as it is. So a JSON line logged with console.log is a string inside
 * `message` (CloudWatch extracts no embedded metrics from it), exactly as on AWS.
 */

const invocation = new AsyncLocalStorage<string>()

/** Runs one invocation: console calls inside it carry its request id. */
export const withRequestId = <T>(requestId: string, fn: () => T): T => invocation.run(requestId, fn)

const levels = { log: 'INFO', info: 'INFO', debug: 'DEBUG', trace: 'TRACE', warn: 'WARN', error: 'ERROR' } as const

/** One log record as Lambda writes it for `console[method](...args)`. */
export const jsonLogRecord = (method: keyof typeof levels, args: unknown[], requestId?: string, now = new Date()) =>
  JSON.stringify({
    timestamp: now.toISOString(),
    level: levels[method],
    ...(requestId ? { requestId } : {}),
    message: format(...args),
  })

/**
 * Inside an invocation (`withRequestId`), `console`'s methods write Lambda's JSON records to `out`
 * (stdout by default); outside one (the local stack's own messages) they work as before. Returns
 * the function that puts the previous methods back.
 */
export const installLambdaConsole = (out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)) => {
  const saved = Object.fromEntries(Object.keys(levels).map((m) => [m, console[m as keyof typeof levels]])) as Record<
    keyof typeof levels,
    (...args: unknown[]) => void
  >
  for (const method of Object.keys(levels) as (keyof typeof levels)[]) {
    console[method] = (...args: unknown[]) => {
      const requestId = invocation.getStore()
      if (requestId === undefined) saved[method](...args)
      else out(jsonLogRecord(method, args, requestId))
    }
  }
  return () => {
    Object.assign(console, saved)
  }
}
