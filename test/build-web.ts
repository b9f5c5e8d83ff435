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
  const { build } = await import('vite')
  await build({ root: join(repoRoot, 'web'), configFile: join(repoRoot, 'web/vite.config.ts'), logLevel: 'warn' })
}
