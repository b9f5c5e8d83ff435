import { vi } from 'vitest'
import { clients } from '@app/adapters'

export type Dependency = 'dynamo' | 's3' | 'ses' | 'cognito'

/** An error shaped as the AWS SDK throws a service's answer (name, fault, HTTP status). */
export const serviceError = (name: string, status = 503, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} (injected)`), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1 },
    ...extra,
  })

/** A network failure as Node reports it (the SDK passes these through). */
export const networkError = (code: 'ECONNREFUSED' | 'ECONNRESET' | 'ETIMEDOUT') =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:9 (injected)`), { code })

/**
 * Busy-or-down answers of each service, by the names the services use, that the product must
 * turn into 503 (and keep every decision and hour).
 */
export const busyOrDown: Record<Dependency, (() => Error)[]> = {
  dynamo: [
    () => serviceError('ProvisionedThroughputExceededException', 400),
    () => serviceError('ThrottlingException', 400),
    () => serviceError('RequestLimitExceeded', 400),
    () => serviceError('InternalServerError', 500),
    () => networkError('ECONNRESET'),
  ],
  s3: [() => serviceError('ServiceUnavailable', 503), () => networkError('ECONNREFUSED')],
  ses: [() => serviceError('TooManyRequestsException', 429), () => networkError('ETIMEDOUT')],
  cognito: [() => serviceError('TooManyRequestsException', 429), () => networkError('ECONNREFUSED')],
}

const WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand'])
export const isWrite = (command: object) => WRITES.has(command.constructor.name)
export const isTransaction = (command: object) => command.constructor.name === 'TransactWriteCommand'
export const commandName = (command: object) => command.constructor.name

/**
 * Makes the process's client for one dependency fail the commands `when` picks, with `error`,
 * and counts what the code sent. The clients are the ones packages/adapters hands every module.
 */
export const failing = (
  dependency: Dependency,
  error: () => Error,
  when: (command: object) => boolean = () => true,
) => {
  const client = clients[dependency] as unknown as { send: (...args: unknown[]) => Promise<unknown> }
  // The request log writes every 503 with its injected error: expected here, so kept out of the output.
  const log = console.log
  const quiet = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('(injected)')) log(...args)
  })
  const original = client.send.bind(client)
  const seen = { sent: 0, failed: 0, commands: [] as string[] }
  const spy = vi.spyOn(client, 'send').mockImplementation(async (command: unknown, ...rest: unknown[]) => {
    seen.sent++
    seen.commands.push(commandName(command as object))
    if (when(command as object)) {
      seen.failed++
      throw error()
    }
    return original(command, ...rest)
  })
  return {
    seen,
    restore: () => {
      spy.mockRestore()
      quiet.mockRestore()
    },
  }
}

/** Runs `fn` with a dependency failing, and always puts it back. */
export const whileFailing = async <T>(
  dependency: Dependency,
  error: () => Error,
  fn: () => Promise<T>,
  when?: (command: object) => boolean,
) => {
  const fault = failing(dependency, error, when)
  try {
    return { result: await fn(), seen: fault.seen }
  } finally {
    fault.restore()
  }
}
