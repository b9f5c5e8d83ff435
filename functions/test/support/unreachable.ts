import { vi } from 'vitest'
import { resetClients } from '@app/adapters'

/** Points one service's endpoint at a port where nothing listens (a dead host), for `fn`. */
export const whileUnreachable = async <T>(variable: string, fn: () => Promise<T>) => {
  const saved = process.env[variable]
  const log = console.log
  const quiet = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('127.0.0.1:9')) log(...args)
  })
  process.env[variable] = 'http://127.0.0.1:9'
  resetClients()
  try {
    return await fn()
  } finally {
    process.env[variable] = saved
    resetClients()
    quiet.mockRestore()
  }
}
