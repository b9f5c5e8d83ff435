import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildWebIfStale, freePorts, repoRoot, startStack } from '@app/local'
import { startE2eVendors } from './vendors/e2e-vendors.ts'

/**
 * Starts the whole local stack on free ports with a fresh data directory for one test project,
 * and hands its environment to the test files (see stack-env.ts).
 */
const started = new Set<string>()

export default async function setup(project: TestProject) {
  // Each stack's handlers read this process's environment: a second stack would rewire the first.
  if (started.size) {
    throw new Error(
      `'${project.name}' needs its own vitest run (a stack for '${[...started][0]}' already runs here): npm test runs e2e separately`,
    )
  }
  started.add(project.name)
  const withWeb = project.name === 'e2e'
  if (withWeb) buildWebIfStale(repoRoot)
  process.env.LOG_LEVEL = 'silent'
  // The browser tests connect integrations through the vendors' doubles; the integration tests
  // configure each vendor themselves, in their own worker.
  const vendors = withWeb ? await startE2eVendors() : undefined
  const { stack, dataDir } = await startOnFreePorts(project.name, withWeb ? 'dist' : 'none', vendors?.env)
  project.provide('stackEnv', { ...stack.env, LOG_LEVEL: 'silent', INBOX_URL: stack.inboxUrl })
  return async () => {
    started.delete(project.name)
    await stack.stop()
    await vendors?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * `npm test` runs two stacks at once (and the bench a third): a port found free can be taken by
 * another stack before an emulator binds it, so a stack that fails to start is started again on
 * other ports, with a fresh data directory.
 */
const startOnFreePorts = async (name: string, web: 'dist' | 'none', env?: Record<string, string>, attempts = 3) => {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), `timesheets-${name}-`))
    try {
      return {
        stack: await startStack({
          ports: await freePorts(),
          dataDir,
          web,
          tableInMemory: true,
          exportTimer: false,
          importTimer: false,
          env,
        }),
        dataDir,
      }
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true })
      if (attempt >= attempts) throw e
      console.warn(`The local stack for '${name}' did not start (${String(e)}); starting it again`)
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackEnv: Record<string, string>
  }
}
