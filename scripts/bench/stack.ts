import { execFileSync, fork } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resetClients } from '@app/adapters'
import { repoRoot } from '@app/local'
import type { Usage } from './probe.ts'

export interface BenchStack {
  appUrl: string
  env: Record<string, string>
  pid: number
  /** The last lines the handlers logged at error level (a 500's stack), for diagnosis. */
  errors: () => string[]
  stop: () => Promise<void>
  /** With `probe` or `observe`: what the handlers used since the last call (probe.ts), then a fresh count. */
  usage: () => Promise<Usage>
  /** With `observe`: switches the count on or off (off, the handlers run as without it). */
  observe: (on: boolean) => Promise<void>
}

/** `probe`: every call counted, DynamoDB asked for its capacity; `observe`: calls counted only while switched on. */
export type StackProbe = { probe?: boolean; observe?: boolean }

/** Kills a process we started, by its id, if it is still there. */
const killPid = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

/**
 * Starts the whole local stack (emulators, API, the built web app) in a child process on free
 * loopback ports with a fresh data directory. The handlers' request log goes to a pipe that is
 * read and dropped, as Lambda would ship it away; error lines are kept.
 */
export const startBenchStack = (dataDir: string, options: StackProbe = {}): Promise<BenchStack> =>
  new Promise((resolve, reject) => {
    const mode = options.probe ? ['probe'] : options.observe ? ['observe'] : []
    const child = fork(join(import.meta.dirname, 'stack-child.ts'), [dataDir, ...mode], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const errors: string[] = []
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.includes('"level":"error"') || /Error|error:/.test(line)) errors.push(line.slice(0, 2000))
      }
      errors.splice(0, Math.max(0, errors.length - 20))
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    const timer = setTimeout(() => {
      killPid(child.pid!, 'SIGTERM')
      reject(new Error(`The local stack did not start within 120 s:\n${errors.join('\n')}`))
    }, 120_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The local stack exited (${code}) before it was ready:\n${errors.join('\n')}`))
    })
    child.on('message', (m: { type: string; appUrl: string; env: Record<string, string>; message: string }) => {
      if (m.type === 'failed') {
        clearTimeout(timer)
        reject(new Error(`The local stack failed to start: ${m.message}`))
        return
      }
      if (m.type !== 'ready') return
      clearTimeout(timer)
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          const force = setTimeout(() => {
            // The emulators the stack started (it records their pids), then the stack itself.
            const pids = join(dataDir, 'pids.json')
            if (existsSync(pids)) {
              const saved = JSON.parse(readFileSync(pids, 'utf8')) as { children: number[] }
              for (const pid of saved.children) killPid(pid, 'SIGKILL')
            }
            killPid(child.pid!, 'SIGKILL')
          }, 20_000)
          child.removeAllListeners('exit')
          child.once('exit', () => {
            clearTimeout(force)
            done()
          })
          child.send({ type: 'stop' })
        })
      const usage = () =>
        new Promise<Usage>((done) => {
          const answer = (a: { type: string; usage?: Usage }) => {
            if (a.type !== 'usage') return
            child.off('message', answer)
            done(a.usage!)
          }
          child.on('message', answer)
          child.send({ type: 'usage' })
        })
      const observe = (on: boolean) =>
        new Promise<void>((done) => {
          const answer = (a: { type: string }) => {
            if (a.type !== 'observing') return
            child.off('message', answer)
            done()
          }
          child.on('message', answer)
          child.send({ type: 'observe', on })
        })
      resolve({ appUrl: m.appUrl, env: m.env, pid: child.pid!, errors: () => [...errors], stop, usage, observe })
    })
  })

/**
 * Kills what a failed start left behind: an emulator whose start timed out is not yet among the
 * stack's children (pids.json), so its process is found by the data directory it was given.
 */
const killLeftovers = (dataDir: string) => {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n')
  for (const line of lines) {
    const [pid, ...args] = line.trim().split(/\s+/)
    if (args.join(' ').includes(`${dataDir}/`) && Number(pid) !== process.pid) killPid(Number(pid), 'SIGKILL')
  }
}

/** startBenchStack, tried again (in a fresh data directory) when an emulator is slow to start on a busy machine. */
export const startBenchStackRetrying = async (
  dataDir: string,
  options: StackProbe & { attempts?: number; log?: (m: string) => void } = {},
): Promise<BenchStack> => {
  const attempts = options.attempts ?? 5
  for (let i = 1; ; i++) {
    const dir = i === 1 ? dataDir : `${dataDir}-${i}`
    try {
      return await startBenchStack(dir, options)
    } catch (e) {
      killLeftovers(dir)
      if (i >= attempts) throw e
      options.log?.(`the stack did not start (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); again`)
    }
  }
}

/**
 * Runs `measure` against a fresh bench stack in a temporary folder (`name` names it), this
 * process's clients pointed at it; the stack is stopped and the folder removed after, whatever happens.
 */
export const withBenchStack = async <T>(
  name: string,
  log: (m: string) => void,
  measure: (stack: BenchStack, work: string) => Promise<T>,
  options: StackProbe = {},
): Promise<T> => {
  const work = mkdtempSync(join(tmpdir(), `timesheets-bench-${name}-`))
  const stack = await startBenchStackRetrying(join(work, 'data'), { ...options, log })
  try {
    Object.assign(process.env, stack.env)
    resetClients()
    return await measure(stack, work)
  } finally {
    await stack.stop().catch(() => undefined)
    rmSync(work, { recursive: true, force: true })
  }
}
