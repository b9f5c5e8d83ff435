import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './index.ts'

/**
 * scripts/ensure-deps.sh, which `npm start` and `npm test` run first, in a copy of the repository's
 * shape with an `npm` on the PATH that only records that it was called.
 */
const tree = () => {
  const root = mkdtempSync(join(tmpdir(), 'ensure-deps-'))
  mkdirSync(join(root, 'scripts'))
  copyFileSync(join(repoRoot, 'scripts/ensure-deps.sh'), join(root, 'scripts/ensure-deps.sh'))
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n')
  const bin = join(root, 'bin')
  mkdirSync(bin)
  writeFileSync(
    join(bin, 'npm'),
    `#!/usr/bin/env bash\necho "$@" >> "${join(root, 'npm-calls')}"\nmkdir -p node_modules\n`,
  )
  chmodSync(join(bin, 'npm'), 0o755)
  const run = () =>
    execFileSync('bash', ['scripts/ensure-deps.sh'], {
      cwd: root,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    })
  const npmCalls = () => (existsSync(join(root, 'npm-calls')) ? readFileSync(join(root, 'npm-calls'), 'utf8') : '')
  return { root, run, npmCalls }
}

const age = (path: string, secondsAgo: number) => {
  const when = new Date(Date.now() - secondsAgo * 1000)
  utimesSync(path, when, when)
}

/** A tree where `npm ci` ran once, its hidden lockfile older or newer than the lockfile. */
const installed = (older: 'lockfile' | 'install') => {
  const t = tree()
  mkdirSync(join(t.root, 'node_modules'))
  writeFileSync(join(t.root, 'node_modules/.package-lock.json'), '{}')
  age(join(t.root, older === 'lockfile' ? 'package-lock.json' : 'node_modules/.package-lock.json'), 60)
  return t
}

describe('ensure-deps.sh', () => {
  it('counts a plain npm ci made after the lockfile changed as installed', () => {
    const { root, run, npmCalls } = installed('lockfile')
    run()
    expect(npmCalls()).toBe('')
    expect(existsSync(join(root, 'node_modules/.lock-hash'))).toBe(true)
    run()
    expect(npmCalls()).toBe('')
  })

  it('installs when the lockfile changed after the last install, and on a fresh clone', () => {
    for (const { run, npmCalls } of [installed('install'), tree()]) {
      run()
      expect(npmCalls()).toContain('ci')
    }
  })
})
