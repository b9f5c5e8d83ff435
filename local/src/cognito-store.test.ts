import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CoalescedFile, CoalescedStoreFactory } from './cognito-store.ts'

const dir = mkdtempSync(join(tmpdir(), 'cognito-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ctx = { logger: { debug: () => undefined } }
type Store = {
  get: (ctx: object, key: string | string[], fallback?: unknown) => Promise<unknown>
  set: (ctx: object, key: string | string[], value: unknown) => Promise<void>
  delete: (ctx: object, key: string | string[]) => Promise<void>
}
const onDisk = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { Users: Record<string, unknown> }

describe('a coalesced pool file', () => {
  it('writes the changes made during a write in one write after it, each answered once it is on disk', async () => {
    const factory = new CoalescedStoreFactory(join(dir, 'coalesce'))
    const store = (await factory.create(ctx, 'pool', { Users: {} })) as Store
    const file = factory.file('pool')!
    const before = file.writes
    const save = async (i: number) => {
      await store.set(ctx, ['Users', `u${i}`], { Username: `u${i}` })
      // Answered: the file holds this change (a power cut now keeps it).
      expect(onDisk(file.path).Users[`u${i}`]).toEqual({ Username: `u${i}` })
    }
    const first = save(0)
    await new Promise((resolve) => setImmediate(resolve))
    await Promise.all([first, ...Array.from({ length: 49 }, (_, i) => save(i + 1))])
    // The first change's write, then one write for the 49 made while it was in flight or after it.
    expect(file.writes - before).toBe(2)
    expect(Object.keys(onDisk(file.path).Users)).toHaveLength(50)
    await store.delete(ctx, ['Users', 'u0'])
    expect(onDisk(file.path).Users.u0).toBeUndefined()
    expect(file.writes - before).toBe(3)
  })

  it('reads back what it wrote, dates as dates, in a new process’s store', async () => {
    const path = join(dir, 'reopen')
    const first = (await new CoalescedStoreFactory(path).create(ctx, 'pool', { Users: {} })) as Store
    const created = new Date('2026-11-29T09:00:00.000Z')
    await first.set(ctx, ['Users', 'ruth'], { Username: 'ruth', UserCreateDate: created, Enabled: true })
    const again = (await new CoalescedStoreFactory(path).create(ctx, 'pool', { Users: {} })) as Store
    expect(await again.get(ctx, ['Users', 'ruth'])).toEqual({
      Username: 'ruth',
      UserCreateDate: created,
      Enabled: true,
    })
    // The defaults fill only an empty file.
    expect(await again.get(ctx, 'Users')).toHaveProperty('ruth')
    // Written by a rename: no temporary file is left beside it.
    expect(readdirSync(path)).toEqual(['pool.json'])
  })

  it('shares one store per id, so a second open never reads a file behind its changes', async () => {
    const factory = new CoalescedStoreFactory(join(dir, 'shared'))
    const a = (await factory.create(ctx, 'pool', { Users: {} })) as Store
    const b = (await factory.create(ctx, 'pool', { Users: {} })) as Store
    expect(b).toBe(a)
  })

  it('flushes: every change made so far is on disk when flush answers', async () => {
    const file = new CoalescedFile(join(dir, 'flush.json'))
    let state = { n: 0 }
    const writes: Promise<void>[] = []
    for (let n = 1; n <= 5; n++) {
      state = { n }
      writes.push(file.write(state))
    }
    await file.flush()
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ n: 5 })
    await Promise.all(writes)
    // Five changes made at once: one write.
    expect(file.writes).toBe(1)
  })

  it('answers a failed write with its error, and the next change writes again', async () => {
    const file = new CoalescedFile(join(dir, 'missing-folder', 'pool.json'))
    await expect(file.write({ n: 1 })).rejects.toThrow(/ENOENT/)
    await file.flush()
    expect(file.writes).toBe(0)
    mkdirSync(join(dir, 'missing-folder'))
    await file.write({ n: 2 })
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ n: 2 })
  })
})
