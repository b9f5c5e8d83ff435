import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '@app/local'

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name)
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }, 0)

/** Builds web/ when its bundle is missing or older than any source the bundle is made from. */
export const buildWebIfStale = async () => {
  const index = join(repoRoot, 'web/dist/index.html')
  const sources = Math.max(
    newest(join(repoRoot, 'web/src')),
    newest(join(repoRoot, 'packages/core/src')),
    statSync(join(repoRoot, 'web/index.html')).mtimeMs,
  )
  if (existsSync(index) && statSync(index).mtimeMs > sources) return
  // A child process, so the bundle is React's production build (vitest sets NODE_ENV=test).
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js')
  const out = spawnSync(process.execPath, [vite, 'build', 'web', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (out.status !== 0) throw new Error(`vite build failed:\n${out.stdout}\n${out.stderr}`)
}
