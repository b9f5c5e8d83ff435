import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { routes } from '@app/functions'
import { repoRoot } from '@app/local'
import { figureNames } from './bench/report.ts'

/**
 * `npm run bench -- --quick` end to end: it starts its own stack, measures everything on a small
 * data set and prints every figure. Times are never asserted (targets are printed, not enforced).
 */
describe('npm run bench --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'))
  let child: ChildProcess | undefined
  afterAll(() => {
    // Should the test time out, SIGTERM makes the bench stop the stack it started.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })

  it('prints every figure and every function, writes the Markdown, and exits 0', { timeout: 15 * 60_000 }, async () => {
    const out = join(dir, 'bench-results.md')
    const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs')
    const bench = spawn(process.execPath, [tsx, 'scripts/bench.ts', '--quick', '--out', out], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = bench
    let stdout = ''
    let stderr = ''
    bench.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    bench.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)))
    const code = await new Promise<number | null>((resolve) => bench.once('exit', resolve))

    expect(code, stderr).toBe(0)
    const markdown = readFileSync(out, 'utf8')
    for (const name of [...figureNames(), ...Object.keys(routes)]) {
      const row = stdout.split('\n').find((l) => l.startsWith(`| ${name} `))
      expect(row, `${name} was not printed`).toBeDefined()
      // A measured figure is a number; a dash marks one that was not measured.
      expect(row, `${name} has a figure missing`).not.toMatch(/\| +— +\|/)
      expect(markdown).toContain(`| ${name} `)
    }
    expect(markdown).toMatch(/Node v\d+/)
  })
})
