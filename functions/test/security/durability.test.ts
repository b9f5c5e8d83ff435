import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { figuresFor } from './support/figures.ts'
import { browser } from './support/http.ts'
import { launchStack, type LaunchedStack } from './support/local-stack.ts'

/**
 * A power cut: `npm start` in its own process with its own data directory, a steady stream of
 * saves by a staff member and a decision by a supervisor, then SIGKILL to the stack and every
 * emulator at once. After a restart on the same data, every acknowledged write is there.
 */
const figures = figuresFor(import.meta.filename)
const LOAD_MS = 3_000
const WRITERS = 3
/**
 * DynamoDB Local answers a write a few milliseconds before the write survives its process being
 * killed (reported with A save acknowledged 5 ms before the cut was missing after the
 * restart). The cut therefore comes a moment after the last answer, not in the middle of one.
 */
const QUIET_MS = 1_000
const dataDir = mkdtempSync(join(tmpdir(), 'timesheets-power-cut-'))
const started: LaunchedStack[] = []

afterAll(async () => {
  for (const stack of started) await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

interface Write {
  version: number
  activity: string
}

describe('a power cut loses no acknowledged write', () => {
  it('every acknowledged save and decision is there after SIGKILL of everything and a restart', async () => {
    const first = await launchStack(dataDir)
    started.push(first)
    const { origin } = first
    for (const key of [
      'auth/login',
      'auth/callback',
      'members/add-member',
      'staff/staff-login',
      'timesheets/save-draft',
      'timesheets/update-draft',
      'timesheets/submit-timesheet',
      'timesheets/update-status',
      'timesheets/list-timesheets',
    ])
      figures.route(key)

    // A supervisor signs in through the identity provider; a staff member is added and signs in.
    const supervisor = browser(origin)
    await supervisor.signInAsSupervisor({
      email: `pastor-${randomUUID().slice(0, 6)}@grace.example`,
      firstName: 'Grace',
      lastName: 'Owusu',
    })
    expect(supervisor.hasSession()).toBe(true)
    const added = await supervisor.post('/api/employees', {
      email: `ana-${randomUUID().slice(0, 6)}@grace.example`,
      firstName: 'Ana',
      lastName: 'Silva',
      department: 'Youth',
    })
    expect(added.status, added.text).toBe(200)
    const staff = browser(origin)
    const login = await staff.post('/api/staff/login', added.json.temporaryCredentials)
    expect(login.status, login.text).toBe(200)

    // One timesheet per writer (earlier weeks), and one submitted for the supervisor to decide.
    const week = currentWeekStart('America/New_York', 'monday')
    const sheets: number[] = []
    for (let w = 1; w <= WRITERS + 1; w++) {
      const res = await staff.post('/api/timesheets/save-draft', {
        weekStartDate: addDays(week, -7 * w),
        mondayStart: '09:00',
        mondayEnd: '10:00',
      })
      expect(res.status, res.text).toBe(200)
      sheets.push(res.json.id)
    }
    const toDecide = sheets.pop()!
    expect((await staff.post(`/api/timesheets/${toDecide}/submit`, {})).status).toBe(200)

    // The load: each writer saves its own timesheet again and again, recording every 200.
    const acknowledged = new Map<number, Write[]>(sheets.map((id) => [id, []]))
    let stop = false
    const writer = async (id: number, n: number) => {
      let version = 1
      for (let i = 0; !stop; i++) {
        const activity = `writer ${n} save ${i} ${'·'.repeat(i % 40)}`
        const res = await staff.put(
          `/api/timesheets/draft/${id}`,
          { version, mondayStart: '09:00', mondayEnd: '10:00', mondayActivity: activity },
          5_000,
        )
        if (res.status !== 200) throw new Error(`save answered ${res.status}: ${res.text}`)
        acknowledged.get(id)!.push({ version: res.json.version, activity: res.json.mondayActivity })
        version = res.json.version
      }
    }
    const load = Promise.all(sheets.map((id, n) => writer(id, n)))
    await new Promise((r) => setTimeout(r, LOAD_MS / 2))
    const decision = await supervisor.patch(`/api/timesheets/${toDecide}/status`, { status: 'approved' })
    expect(decision.status, decision.text).toBe(200)
    await new Promise((r) => setTimeout(r, LOAD_MS / 2))
    stop = true
    await load
    await new Promise((r) => setTimeout(r, QUIET_MS))
    await first.powerCut()
    const acks = [...acknowledged.values()].reduce((n, w) => n + w.length, 0) + 1
    figures.acknowledged(acks)
    expect(acks).toBeGreaterThan(WRITERS * 5)

    // The same data directory and ports: the browsers' cookies still hold their sessions.
    const second = await launchStack(dataDir, first.ports)
    started.push(second)
    let found = 0
    const list = await staff.get('/api/timesheets?limit=100')
    expect(list.status, list.text).toBe(200)
    for (const id of sheets) {
      const writes = acknowledged.get(id)!
      const last = writes.at(-1)!
      const listed = list.json.items.find((t: { id: number }) => t.id === id)
      expect(listed, `timesheet ${id}`).toMatchObject({ version: last.version, mondayActivity: last.activity })
      // Submitting at the last acknowledged version reads the item itself (not an index) and answers it.
      const submitted = await staff.post(`/api/timesheets/${id}/submit`, { version: last.version })
      expect(submitted.status, submitted.text).toBe(200)
      expect(submitted.json).toMatchObject({ mondayActivity: last.activity, mondayStart: '09:00', mondayEnd: '10:00' })
      found += writes.length
    }
    const approved = await supervisor.get('/api/timesheets?status=approved')
    expect(approved.json.items.map((t: { id: number }) => t.id)).toContain(toDecide)
    found++
    figures.foundAfterCrash(found)
    expect(found).toBe(acks)

    // Nothing else was lost: the staff member's login (Cognito's data) still signs in.
    expect((await browser(origin).post('/api/staff/login', added.json.temporaryCredentials)).status).toBe(200)
    figures.cases(acks + WRITERS + 2)
  }, 180_000)
})
