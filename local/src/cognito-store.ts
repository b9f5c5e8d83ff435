import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)

/** The engine StormDB reads its state from and saves it through (stormdb's LocalEngine's shape). */
interface Engine {
  init(): Record<string, unknown>
  write(state: unknown): Promise<void>
}
type StormDB = new (engine: Engine) => { default(value: object): unknown; save(): Promise<void> }
type CognitoContext = { logger: { debug: (...args: unknown[]) => void } }
type DataStore = object
/** cognito-local's data store (its get, set and delete on top of StormDB), unchanged. */
type StormDBDataStore = new (db: InstanceType<StormDB>) => DataStore

const StormDB = createRequire(require.resolve('cognito-local/package.json'))('stormdb') as StormDB
const { StormDBDataStore } = require('cognito-local/lib/services/dataStore/stormDb.js') as {
  StormDBDataStore: StormDBDataStore
}

/** cognito-local's reading of a saved pool: fields named `…Date` come back as dates. */
const reviveDates = (key: string, value: unknown) =>
  key.endsWith('Date') && (typeof value === 'string' || typeof value === 'number') ? new Date(value) : value

/**
 * One pool's (or the app clients', or the configuration's) JSON file, kept in memory by StormDB
 * and written with coalesced saves: one write in flight, and every change made meanwhile goes
 * into the single write that follows it. cognito-local's own engine rewrites the whole file
 * (pretty-printed) on every change, so a pool of n users cost O(n) per change and an import of
 * n new members O(n²). A save answers once a write holding its change is on disk, so an answered
 * request survives a power cut; the file is replaced by a rename, so a cut mid-write leaves the
 * previous state whole.
 */
export class CoalescedFile implements Engine {
  private state: unknown = {}
  /** The write that will hold the changes made now (not yet started), if one is queued. */
  private queued: Promise<void> | undefined
  /** The last write queued, settled or not: what a stop waits for. */
  private last: Promise<void> = Promise.resolve()
  /** Writes done: a test's way to see the coalescing. */
  writes = 0

  constructor(readonly path: string) {}

  init(): Record<string, unknown> {
    if (!existsSync(this.path)) return {}
    const text = readFileSync(this.path, 'utf8')
    return (text === '' ? {} : JSON.parse(text, reviveDates)) as Record<string, unknown>
  }

  write(state: unknown): Promise<void> {
    this.state = state
    if (!this.queued) {
      const queued = this.last.then(() => {
        // From here on a change needs the next write: this one serialises the state as it is now.
        this.queued = undefined
        return this.writeNow()
      })
      this.queued = queued
      this.last = queued.catch(() => undefined)
    }
    return this.queued
  }

  /** Every change made so far on disk. */
  flush(): Promise<void> {
    return this.last
  }

  private async writeNow() {
    const temporary = `${this.path}.${process.pid}.tmp`
    // Dates become ISO strings by their toJSON, as cognito-local writes them.
    await writeFile(temporary, JSON.stringify(this.state))
    await rename(temporary, this.path)
    this.writes++
  }
}

/**
 * cognito-local's data-store factory (the interface of its StormDBDataStoreFactory) over
 * coalesced files, one per id and directory: a store made twice for one id shares its state.
 */
export class CoalescedStoreFactory {
  private readonly files = new Map<string, { file: CoalescedFile; store: DataStore }>()

  constructor(private readonly directory: string) {}

  async create(ctx: CognitoContext, id: string, defaults: object): Promise<DataStore> {
    ctx.logger.debug({ id }, 'createDataStore')
    const path = join(this.directory, `${id}.json`)
    const open = this.files.get(path)
    if (open) return open.store
    await mkdir(this.directory, { recursive: true })
    const file = new CoalescedFile(path)
    const db = new StormDB(file)
    db.default(defaults)
    await db.save()
    const store = new StormDBDataStore(db)
    this.files.set(path, { file, store })
    return store
  }

  /** Every file's changes on disk (before the process stops). */
  async flush() {
    await Promise.all([...this.files.values()].map(({ file }) => file.flush()))
  }

  /** The file behind an id (tests). */
  file(id: string) {
    return this.files.get(join(this.directory, `${id}.json`))?.file
  }
}
