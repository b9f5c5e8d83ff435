import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { callRoute } from '../support/test-event.ts'
import { figuresFor } from './support/figures.ts'
import { manifest, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, type Tenant } from './support/world.ts'

/**
 * The audit trail is append only through the API: every route of the manifest (a new one
 * included), called as its owner would call it, leaves every record that existed before exactly
 * as it was. A route that edited or deleted a record, even its own organization's, fails here.
 */
const figures = figuresFor(import.meta.filename)
let t: Tenant

beforeAll(async () => {
  t = await makeTenant(`Audit${randomUUID().slice(0, 6)} Church`, { spare: true })
  // Records of every kind a route could touch: timesheets in each state, members, settings.
  await Promise.all([t.freshApproved(), t.freshPending(), t.freshMember()])
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`
/** Every record of the organization, every page. */
const records = async () => {
  const all = []
  let cursor: string | undefined
  do {
    const page = await t.db.audit.list({ limit: 100, cursor })
    all.push(...page.items)
    cursor = page.cursor ?? undefined
  } while (cursor)
  return all
}

describe('no route edits or deletes an audit record', () => {
  it.each(manifest.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const request = await ownerRequest(key, route, t)
    const before = await records()
    expect(before.length).toBeGreaterThan(0)
    await callRoute(route, request)
    figures.cases()
    const after = new Map((await records()).map((r) => [r.id, r]))
    for (const record of before) expect(after.get(record.id), `${key} changed ${record.action}`).toEqual(record)
  })
})
