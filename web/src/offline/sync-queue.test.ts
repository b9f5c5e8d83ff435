import { describe, expect, it } from 'vitest'
// IndexedDB, which jsdom lacks (elsewhere the app runs as in a browser without it: online only).
import 'fake-indexeddb/auto'
import { TimesheetDays, type Timesheet } from '@app/core'
import { ApiError, NetworkError } from '../api/client.ts'
import { makeTimesheet } from '../../test/timesheet-fixtures.ts'
import { enqueueSave, queuedSaves } from './offline-db.ts'
import { syncQueue, type PutDraft } from './sync-queue.ts'

/**
 * The queue against a small server with the real rule of PUT /api/timesheets/draft/{id}: a save
 * at a stale version, or of a week that is no longer editable, is refused with 409. Each test uses
 * its own member and weeks, so tests share IndexedDB (fake-indexeddb) without seeing each other.
 */
let nextUser = 1
let nextId = 100
const member = () => `member-${nextUser++}`

function serverWith(...sheets: Timesheet[]) {
  const weeks = new Map(sheets.map((s) => [s.id, s]))
  const calls: { id: number; version: number; mondayActivity: string }[] = []
  let offline = false
  const put: PutDraft = async (id, days, version) => {
    if (offline) throw new NetworkError(new TypeError('Failed to fetch'))
    calls.push({ id, version, mondayActivity: days.mondayActivity })
    const current = weeks.get(id)!
    if (current.status === 'pending' || current.status === 'approved') {
      throw new ApiError(
        409,
        JSON.stringify({ message: 'This timesheet is Pending Review and can no longer be edited' }),
        'Conflict',
      )
    }
    if (current.version !== version) {
      throw new ApiError(409, JSON.stringify({ message: 'This timesheet was changed somewhere else' }), 'Conflict')
    }
    const saved = { ...current, ...days, status: 'draft' as const, version: current.version + 1 }
    weeks.set(id, saved)
    return saved
  }
  return {
    put,
    calls,
    weeks,
    goOffline: (value: boolean) => (offline = value),
    changeElsewhere: (id: number, change: Partial<Timesheet>) => {
      const current = weeks.get(id)!
      weeks.set(id, { ...current, ...change, version: current.version + 1 })
    },
  }
}

const week = (userId: string, version = 4) => makeTimesheet({ id: nextId++, employeeId: userId, version })

const queue = (userId: string, sheet: Timesheet, activity: string) =>
  enqueueSave({
    userId,
    timesheetId: sheet.id,
    baseVersion: sheet.version,
    days: TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: activity }),
    savedAt: new Date().toISOString(),
  })

describe('the offline sync queue', () => {
  it('sends the saves in the order they were made, each building on the version the last one made', async () => {
    const userId = member()
    const sheet = week(userId)
    const server = serverWith(sheet)
    for (const activity of ['first', 'second', 'third']) await queue(userId, sheet, activity)

    const result = await syncQueue(userId, server.put)

    expect(server.calls).toEqual([
      { id: sheet.id, version: 4, mondayActivity: 'first' },
      { id: sheet.id, version: 5, mondayActivity: 'second' },
      { id: sheet.id, version: 6, mondayActivity: 'third' },
    ])
    expect(result).toMatchObject({ conflicts: [], interrupted: false })
    expect(result.synced.map((t) => [t.id, t.version, t.mondayActivity])).toEqual([[sheet.id, 7, 'third']])
    expect(server.weeks.get(sheet.id)!.mondayActivity).toBe('third')
    expect(await queuedSaves(userId)).toEqual([])
  })

  it('keeps every save of a week changed elsewhere and reports it, while other weeks still sync', async () => {
    const userId = member()
    const changed = week(userId)
    const other = week(userId, 1)
    const server = serverWith(changed, other)
    await queue(userId, changed, 'offline monday')
    await queue(userId, other, 'other week')
    await queue(userId, changed, 'offline monday, later')
    server.changeElsewhere(changed.id, { mondayActivity: 'from the office computer' })

    const result = await syncQueue(userId, server.put)

    expect(result.conflicts).toEqual([
      { timesheetId: changed.id, message: 'This timesheet was changed somewhere else' },
    ])
    expect(result.synced.map((t) => t.id)).toEqual([other.id])
    // The refused week was asked once; its later save was not sent over the other version.
    expect(server.calls.map((c) => c.mondayActivity)).toEqual(['offline monday', 'other week'])
    expect(server.weeks.get(changed.id)!.mondayActivity).toBe('from the office computer')
    const kept = await queuedSaves(userId)
    expect(kept.map((s) => [s.timesheetId, s.baseVersion, s.days.mondayActivity])).toEqual([
      [changed.id, 4, 'offline monday'],
      [changed.id, 4, 'offline monday, later'],
    ])
  })

  it('keeps the saves of a week that is no longer a draft', async () => {
    const userId = member()
    const sheet = week(userId)
    const server = serverWith(sheet)
    await queue(userId, sheet, 'entered offline')
    server.changeElsewhere(sheet.id, { status: 'pending' })

    const result = await syncQueue(userId, server.put)

    expect(result.conflicts).toEqual([
      { timesheetId: sheet.id, message: 'This timesheet is Pending Review and can no longer be edited' },
    ])
    expect((await queuedSaves(userId)).map((s) => s.days.mondayActivity)).toEqual(['entered offline'])
  })

  it('loses nothing when the connection drops halfway, and picks up where it stopped', async () => {
    const userId = member()
    const sheet = week(userId)
    const server = serverWith(sheet)
    await queue(userId, sheet, 'first')
    await queue(userId, sheet, 'second')
    await queue(userId, sheet, 'third')
    let sent = 0
    const dropsAfterOne: PutDraft = async (...args) => {
      if (sent++ === 1) server.goOffline(true)
      return server.put(...args)
    }

    const interrupted = await syncQueue(userId, dropsAfterOne)

    expect(interrupted).toMatchObject({ interrupted: true, conflicts: [] })
    // The rest now builds on what the first save made on the server.
    expect((await queuedSaves(userId)).map((s) => [s.baseVersion, s.days.mondayActivity])).toEqual([
      [5, 'second'],
      [5, 'third'],
    ])

    server.goOffline(false)
    const resumed = await syncQueue(userId, server.put)

    expect(resumed).toMatchObject({ interrupted: false, conflicts: [] })
    expect(server.calls.map((c) => [c.version, c.mondayActivity])).toEqual([
      [4, 'first'],
      [5, 'second'],
      [6, 'third'],
    ])
    expect(server.weeks.get(sheet.id)).toMatchObject({ version: 7, mondayActivity: 'third' })
    expect(await queuedSaves(userId)).toEqual([])
  })

  it('syncs only the signed-in member’s saves, even of a week with the same id in another organization', async () => {
    const [me, someoneElse] = [member(), member()]
    const mine = week(me)
    const theirs = makeTimesheet({ id: mine.id, employeeId: someoneElse, organizationId: 'org-2', version: 4 })
    const server = serverWith(mine)
    await queue(me, mine, 'mine')
    await queue(someoneElse, theirs, 'theirs')

    await syncQueue(me, server.put)

    expect(server.calls.map((c) => c.mondayActivity)).toEqual(['mine'])
    expect((await queuedSaves(someoneElse)).map((s) => [s.baseVersion, s.days.mondayActivity])).toEqual([[4, 'theirs']])
  })

  it('stops with everything queued when the session has ended', async () => {
    const userId = member()
    const sheet = week(userId)
    await queue(userId, sheet, 'waiting')
    const signedOut: PutDraft = () => Promise.reject(new ApiError(401, '{"message":"Unauthorized"}', 'Unauthorized'))

    const result = await syncQueue(userId, signedOut)

    expect(result).toEqual({ synced: [], conflicts: [], interrupted: true })
    expect((await queuedSaves(userId)).map((s) => s.days.mondayActivity)).toEqual(['waiting'])
  })
})
