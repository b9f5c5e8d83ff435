/**
 * Plays one church's month of the usage model (usage-model.ts) against the bench stack, as the
 * web app would: real session cookies, the spec's routes, JSON bodies, our Origin on writes.
 * Requests go one at a time, so each handler's CPU time (probe.ts) is its own.
 *
 * The clock cannot be moved, so the weeks are the ones before this one and this one; the first
 * save of each week is the submit page's POST /api/timesheets/save-draft for that week (it
 * creates the week's draft, as the week's first current-week read does in the app), the day's
 * other saves PUT /api/timesheets/draft/{id}.
 *
 * `sample` members (all, when it equals N) play the member part; the others' weeks are seeded,
 * already decided, so the supervisors' lists, stats and reports read a church of the full size.
 * What the member part used (and the decisions of its timesheets) is then scaled by N / sample,
 * and the dashboard visits of the first two supervisors by the supervisors' count / 2.
 */
import { addDays, currentWeekStart, type User } from '@app/core'
import { sessions } from '@app/data'
import { sampleOrganization, seedOrganization } from '@app/data/seed'
import { keys, table } from '@app/data/testing'
import { sessionCookieName } from '../../functions/src/http/cookies.ts'
import type { RouteUsage, Usage } from './probe.ts'
import type { BenchStack } from './stack.ts'
import { church, MODEL, pollsPerVisit, type Church } from './usage-model.ts'

/** A route's usage scaled to the whole church: each measured invocation stands for `weight` of them. */
export interface ScaledRoute {
  invocations: number
  samples: { wallMs: number; cpuMs: number; weight: number }[]
  readUnits: number
  writeUnits: number
  s3Puts: number
  s3Gets: number
  s3BytesPut: number
  /** Bytes of pre-signed S3 downloads (S3 data transfer out). */
  s3BytesOut: number
  emails: number
  logBytes: number
  /** Client side: bytes CloudFront carries to the viewer and to the origin. */
  bytesOut: number
  bytesIn: number
}

export interface MonthRun {
  church: Church
  /** Members who played the member part (the rest were seeded and scaled from them). */
  sample: number
  /** The weeks' usage (each week the same; the caller scales the weeks played to a month). */
  routes: Record<string, ScaledRoute>
  /** The month-end part (reports and the payroll export), once a month whatever the weeks. */
  monthly: Record<string, ScaledRoute>
  /** Page loads of the web app in the weeks played, and at the month's end. */
  visits: number
  monthlyVisits: number
  /** Distinct users who signed in in the month, per Cognito user pool. */
  mau: { staffPool: number; supervisorPool: number }
  /** DynamoDB bytes the church holds after the month (its partition; approximate item sizes). */
  storedBytes: number
  /** Requests answered other than as expected. */
  errors: string[]
  /**
   * Submissions and decisions refused by the organization's daily email quota (300 a
   * day), a limit of the product, not an error of the run: every submission emails every
   * supervisor, so a church with many supervisors reaches it (docs/benchmarks.md).
   */
  quotaRefused: number
  requestsSent: number
  seconds: number
}

const forgetEmailQuota = async (orgId: string) => {
  const days = await table.queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
    ExpressionAttributeValues: { ':pk': keys.orgPk(orgId), ':q': 'EMAILQUOTA#' },
  })
  await Promise.all(days.map((d) => table.delete({ pk: String(d.pk), sk: String(d.sk) })))
}

/** Supervisors who play the daily dashboard visit; the others' visits are scaled from theirs. */
const SUPERVISORS_PLAYED = 2
const HEADER_BYTES = 400 // a response's status line and headers, roughly, as CloudFront sends them

const emptyRoute = (): ScaledRoute => ({
  invocations: 0,
  samples: [],
  readUnits: 0,
  writeUnits: 0,
  s3Puts: 0,
  s3Gets: 0,
  s3BytesPut: 0,
  s3BytesOut: 0,
  emails: 0,
  logBytes: 0,
  bytesOut: 0,
  bytesIn: 0,
})

const SUMMED = ['readUnits', 'writeUnits', 's3Puts', 's3Gets', 's3BytesPut', 'emails', 'logBytes'] as const

/** Adds what the stack measured, each invocation standing for `factor` of them. */
const addUsage = (into: Record<string, ScaledRoute>, usage: Usage, factor: number) => {
  for (const [key, u] of Object.entries(usage) as [string, RouteUsage][]) {
    const r = (into[key] ??= emptyRoute())
    r.invocations += u.invocations * factor
    u.wallMs.forEach((wallMs, i) => r.samples.push({ wallMs, cpuMs: u.cpuMs[i]!, weight: factor }))
    for (const f of SUMMED) r[f] += u[f] * factor
  }
}

/** What the client saw, per route key, before scaling. */
type ClientCounts = Record<string, { bytesOut: number; bytesIn: number; s3Gets: number; s3BytesOut: number }>

const addClient = (into: Record<string, ScaledRoute>, client: ClientCounts, factor: number) => {
  for (const [key, c] of Object.entries(client)) {
    const r = (into[key] ??= emptyRoute())
    r.bytesOut += c.bytesOut * factor
    r.bytesIn += c.bytesIn * factor
    r.s3Gets += c.s3Gets * factor
    r.s3BytesOut += c.s3BytesOut * factor
  }
}

const NOON = { start: '09:00', end: '17:00' }
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const

/** The member's days so far this week: times clocked, the activity written on saved days. */
const dayFields = (upTo: number, stage: 'in' | 'out' | 'saved') => {
  const fields: Record<string, string> = {}
  DAYS.forEach((day, i) => {
    if (i > upTo) return
    fields[`${day}Start`] = NOON.start
    if (i < upTo || stage !== 'in') fields[`${day}End`] = NOON.end
    if (i < upTo || stage === 'saved')
      fields[`${day}Activity`] = 'Visited members, prepared Sunday service, office hours.'
  })
  return fields
}

export interface MonthOptions {
  members: number
  /** Members who play the member part; the rest are seeded. */
  sample: number
  /** Weeks to play (the model's month is MODEL.weeks; fewer are scaled up by the caller). */
  weeks: number
  name: string
}

/** Seeds the church, plays its month against the stack and collects what it used. */
export const runMonth = async (stack: BenchStack, o: MonthOptions): Promise<MonthRun> => {
  const started = performance.now()
  const c = church(o.members)
  const sample = Math.min(o.sample, c.members)
  const base = sampleOrganization({ name: o.name, members: c.supervisors + c.members, weeks: o.weeks })
  const orgId = base.organization.id
  Object.assign(base.organization, {
    plan: 'enterprise',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  })
  // The model's roles: supervisors first, then staff, then volunteers.
  base.members.forEach((m: User, i) => {
    m.role = i < c.supervisors ? 'supervisor' : i < c.supervisors + c.staff ? 'employee' : 'volunteer'
    if (m.role === 'supervisor') m.department = 'Administration'
  })
  const supervisors = base.members.slice(0, c.supervisors)
  const members = base.members.slice(c.supervisors)
  const players = members.slice(0, sample)
  const playing = new Set(players.map((m) => m.id))
  // The players' weeks are made through the API; the others' (already decided) are seeded.
  base.timesheets = base.timesheets
    .filter((t) => !playing.has(t.employeeId))
    .map((t) => ({ ...t, status: t.status === 'draft' || t.status === 'pending' ? 'approved' : t.status }))
  await seedOrganization(base)

  const cookieOf = new Map<string, string>()
  for (const m of [...supervisors, ...players])
    cookieOf.set(m.id, `${sessionCookieName()}=${(await sessions.create({ userId: m.id, orgId })).sid}`)

  const org = await table.get(keys.organization(orgId))
  const thisWeek = currentWeekStart(String(org?.timeZone ?? 'America/Chicago'), 'monday')
  const errors: string[] = []
  let quotaRefused = 0
  let client: ClientCounts = {}
  let requestsSent = 0

  /** One request as the app sends it; answers the parsed JSON (or the redirect's location). */
  const call = async (user: User, method: string, template: string, path = template, body?: unknown) => {
    const route = `${method} ${template.split('?')[0]}`
    const text = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = { cookie: cookieOf.get(user.id)! }
    if (method !== 'GET') Object.assign(headers, { origin: stack.env.APP_ORIGIN!, 'content-type': 'application/json' })
    requestsSent++
    const res = await fetch(`${stack.appUrl}${path}`, { method, headers, body: text, redirect: 'manual' })
    const answer = await res.text()
    const counts = (client[route] ??= { bytesOut: 0, bytesIn: 0, s3Gets: 0, s3BytesOut: 0 })
    counts.bytesOut += HEADER_BYTES + Buffer.byteLength(answer)
    counts.bytesIn += HEADER_BYTES + (text ? Buffer.byteLength(text) : 0)
    if (res.status >= 300 && res.status < 400) return res.headers.get('location')
    if (res.status === 429 && answer.includes('"emailQuotaReached"')) {
      quotaRefused++
      return undefined
    }
    if (!res.ok) {
      errors.push(`${route} as ${user.role}: ${res.status} ${answer.slice(0, 200)}`)
      return undefined
    }
    return answer ? (JSON.parse(answer) as Record<string, unknown>) : undefined
  }

  const visit = async (user: User, reads: readonly string[], polls: number) => {
    for (const path of reads) await call(user, 'GET', path)
    for (let i = 0; i < polls; i++) await call(user, 'GET', '/api/timesheets/current-week')
  }

  const result: Record<string, ScaledRoute> = {}
  const scale = c.members / sample
  /** Takes what the stack used since the last take, with what the client saw, at `factor`. */
  const take = async (factor: number, into = result) => {
    addUsage(into, await stack.usage(), factor)
    addClient(into, client, factor)
    client = {}
  }
  await stack.usage() // what seeding and sign-in left behind is not the month's
  let visits = 0
  let decided = 0
  for (let w = 0; w < o.weeks; w++) {
    const week = addDays(thisWeek, -7 * (o.weeks - 1 - w))
    const sheets = new Map<string, { id: number; version: number }>()
    for (let d = 0; d < MODEL.workingDays; d++) {
      const last = d === MODEL.workingDays - 1
      // Each played day is a day of its own for the daily email quota, as it would be in life.
      await forgetEmailQuota(orgId)
      // The member part: morning and evening visits, clock in, clock out, the day's save.
      for (const m of players) {
        const polls = pollsPerVisit()
        await visit(m, MODEL.member.visitReads, polls)
        const days = dayFields(d, 'in')
        let sheet = sheets.get(m.id)
        const saved = sheet
          ? await call(m, 'PUT', '/api/timesheets/draft/{id}', `/api/timesheets/draft/${sheet.id}`, {
              ...days,
              version: sheet.version,
            })
          : await call(m, 'POST', '/api/timesheets/save-draft', undefined, { ...days, weekStartDate: week })
        if (saved && typeof saved === 'object') sheets.set(m.id, (sheet = saved as { id: number; version: number }))
        for (const stage of ['out', 'saved'] as const) {
          await (stage === 'out' ? visit(m, MODEL.member.visitReads, polls) : Promise.resolve())
          if (!sheet) break
          const next = await call(m, 'PUT', '/api/timesheets/draft/{id}', `/api/timesheets/draft/${sheet.id}`, {
            ...dayFields(d, stage),
            version: sheet.version,
          })
          if (next && typeof next === 'object') sheets.set(m.id, (sheet = next as { id: number; version: number }))
        }
        if (last && sheet) {
          const submitted = await call(m, 'POST', '/api/timesheets/{id}/submit', `/api/timesheets/${sheet.id}/submit`, {
            version: sheet.version,
          })
          // A week the email quota refused stays a draft: there is nothing to decide.
          if (!submitted) sheets.delete(m.id)
        }
        visits += MODEL.member.visitsPerDay
      }
      if (last) {
        // Every submitted timesheet is decided, round robin among the supervisors; every
        // (1 / declineShare)th decision of the month declines.
        for (const [, sheet] of sheets) {
          const s = supervisors[decided % supervisors.length]!
          decided++
          const decline = Math.floor(decided * MODEL.declineShare) > Math.floor((decided - 1) * MODEL.declineShare)
          await call(s, 'PATCH', '/api/timesheets/{id}/status', `/api/timesheets/${sheet.id}/status`, {
            status: decline ? 'rejected' : 'approved',
            comments: decline ? 'Please add Thursday’s activity.' : '',
          })
        }
      }
      await take(scale)
      // The supervisors' part: each opens the dashboard every working day (the first few play it,
      // scaled to all: one supervisor's visit reads what another's does).
      const watching = supervisors.slice(0, SUPERVISORS_PLAYED)
      for (const s of watching) await visit(s, MODEL.supervisor.visitReads, 0)
      visits += supervisors.length
      await take(supervisors.length / watching.length)
    }
  }
  // The month's end: the reports page and the payroll export, fetched through its pre-signed link.
  const payroll = supervisors[0]!
  const month = { start: addDays(thisWeek, -7 * (o.weeks - 1)), end: addDays(thisWeek, 6) }
  for (let i = 0; i < MODEL.monthly.reports; i++)
    await call(
      payroll,
      'GET',
      '/api/timesheets/reports',
      `/api/timesheets/reports?start=${month.start}&end=${month.end}`,
    )
  for (let i = 0; i < MODEL.monthly.bulkExports; i++) {
    const link = await call(payroll, 'GET', '/api/reports/bulk-timesheets')
    if (typeof link !== 'string') {
      errors.push('GET /api/reports/bulk-timesheets gave no link')
      continue
    }
    const csv = await fetch(link)
    const bytes = (await csv.arrayBuffer()).byteLength
    if (!csv.ok) errors.push(`the payroll CSV's link answered ${csv.status}`)
    const counts = client['GET /api/reports/bulk-timesheets']!
    counts.s3Gets++
    counts.s3BytesOut += bytes
  }
  const monthly: Record<string, ScaledRoute> = {}
  await take(1, monthly)

  // What the church stores: its partition's items (sessions live elsewhere and expire).
  let storedBytes = 0
  const items = await table.queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.orgPk(orgId) },
  })
  for (const item of items) storedBytes += Buffer.byteLength(JSON.stringify(item)) + 100 // DynamoDB adds about 100 bytes an item

  return {
    church: c,
    sample,
    routes: result,
    monthly,
    visits: visits + (c.members - sample) * MODEL.member.visitsPerDay * MODEL.workingDays * o.weeks,
    monthlyVisits: MODEL.monthly.reports + MODEL.monthly.bulkExports,
    mau: { staffPool: c.members, supervisorPool: c.supervisors },
    storedBytes,
    errors,
    quotaRefused,
    requestsSent,
    seconds: (performance.now() - started) / 1000,
  }
}
