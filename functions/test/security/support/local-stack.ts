import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { freePorts, portSettings, type Ports } from '../../../../local/src/ports.ts'

export const repoRoot = resolve(import.meta.dirname, '../../../..')

/** Whether a process still runs (a zombie waiting for its parent to reap it counts as gone). */
export const isAlive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state !== 'Z' && state !== 'X'
  } catch {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
}

const waitUntil = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} within ${timeoutMs} ms`)
}

/**
 * `npm start` as a separate process (node --import tsx local/src/start.ts) on free
 * loopback ports and its own data directory, as a person would run it. Ports found free may be
 * taken before the stack binds them (another test's connection takes its local port from the same
 * range, seen once as EADDRINUSE): then what it started is stopped and a fresh set tried, up to
 * three times. Given `ports` (a restart on the same ones), it starts once.
 */
export const launchStack = async (dataDir: string, ports?: Ports) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchOn(dataDir, ports ?? (await freePorts()))
    } catch (e) {
      if (ports || attempt === 3 || !String(e).includes('EADDRINUSE')) throw e
      stopLeftovers(dataDir)
    }
  }
}

/** SIGKILL to whatever a stack that failed to start left running, by the ids it wrote. */
const stopLeftovers = (dataDir: string) => {
  const file = join(dataDir, 'pids.json')
  if (!existsSync(file)) return
  const pids = JSON.parse(readFileSync(file, 'utf8')) as { stack: number; children: number[] }
  for (const pid of [pids.stack, ...pids.children]) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

const launchOn = async (dataDir: string, chosen: Ports) => {
  // The machine's environment, without billing (start.ts would pass it on) and with our data directory.
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
  for (const k of Object.keys(env)) if (k.startsWith('STRIPE_')) delete env[k]
  delete env.WEB_MODE
  for (const [service, setting] of Object.entries(portSettings))
    env[setting.variable] = String(chosen[service as keyof Ports])
  // The built web bundle when there is one, else Vite: never a build inside this test.
  env.WEB_MODE = existsSync(join(repoRoot, 'web/dist/index.html')) ? 'dist' : 'dev'
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'local/src/start.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-8000)))
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-8000)))
  const origin = `http://127.0.0.1:${chosen.app}`
  try {
    await waitUntil(
      'the local stack did not print its banner',
      () => {
        if (child.exitCode !== null) throw new Error(`the local stack exited with ${child.exitCode}:\n${output}`)
        return output.includes('Ministry Timesheets is running')
      },
      90_000,
    )
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }
  const pids = JSON.parse(readFileSync(join(dataDir, 'pids.json'), 'utf8')) as { stack: number; children: number[] }
  return {
    origin,
    ports: chosen,
    child,
    pids,
    output: () => output,
    /** A power cut: SIGKILL to the stack and every emulator process at once, then wait until all are gone. */
    async powerCut() {
      const all = [pids.stack, ...pids.children]
      for (const pid of all) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      await waitUntil('the killed processes did not go away', () => all.every((p) => !isAlive(p)), 15_000)
    },
    /** A normal stop (Ctrl-C), falling back to SIGKILL of everything it started. */
    async stop() {
      if (isAlive(pids.stack)) {
        child.kill('SIGTERM')
        await waitUntil('the stack did not stop', () => !isAlive(pids.stack), 15_000).catch(() => undefined)
      }
      for (const pid of [pids.stack, ...pids.children]) {
        if (isAlive(pid)) {
          try {
            process.kill(pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }
      }
    },
  }
}
export type LaunchedStack = Awaited<ReturnType<typeof launchStack>>
