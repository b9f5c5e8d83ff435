import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The web build that both the CDK app (infra/bin/build.ts, before every synth and deploy) and the
 * local stack (local/src/start.ts, the test stacks) need: here, where both may import it, so infra
 * never imports local/.
 */

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name)
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }, 0)

/**
 * Builds web/ (the bundle, and the signed-out pages prerendered from it: web/prerender.ts) when
 * web/dist is missing or older than any source it is made from, so `npm start`, the browser tests
 * and `cdk synth` always serve the production build of the current sources.
 */
export const buildWebIfStale = (repoRoot: string, log: (line: string) => void = () => undefined) => {
  const index = join(repoRoot, 'web/dist/index.html')
  const sources = Math.max(
    newest(join(repoRoot, 'web/src')),
    newest(join(repoRoot, 'packages/core/src')),
    newest(join(repoRoot, 'packages/i18n/locales')),
    newest(join(repoRoot, 'web/public')),
    ...['web/index.html', 'web/vite.config.ts', 'web/prerender.ts'].map((f) => statSync(join(repoRoot, f)).mtimeMs),
  )
  if (existsSync(index) && statSync(index).mtimeMs > sources) return
  log('Building the web app (its sources changed since the last build)...')
  // A child process, so the bundle is React's production build (vitest sets NODE_ENV=test).
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js')
  const out = spawnSync(process.execPath, [vite, 'build', 'web', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (out.status !== 0) throw new Error(`vite build failed:\n${out.stdout}\n${out.stderr}`)
  log('Web app built.')
}
