import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { expect } from 'vitest'
import {
  addDays,
  balanceOf,
  currentWeekStart,
  defaultNotificationSettings,
  defaultTimeOffPolicies,
  periodContaining,
  TimesheetDays,
  type ApiScope,
  type Timesheet,
} from '@app/core'
import { dataExports, orgDb, sessions } from '@app/data'
import { keys, table, webhookDeliveryItem } from '@app/data/testing'
import { callRoute, sessionCookieFor, type TestRequest } from '../../support/test-event.ts'
import { addMemberThroughRoute, newOrganization, newStaffMember } from '../../support/test-identity.ts'
import uploadLogo from '../../../src/organization/upload-logo.ts'
import { createDecisionLink } from '../../../src/workflows/decision-links.ts'
import { createUnsubscribeToken } from '../../../src/workflows/unsubscribe-links.ts'
import { createAddressLink } from '../../../src/workflows/address-links.ts'
import { hashPin } from '../../../src/workflows/pins.ts'
import { sessionCookieName } from '../../../src/http/cookies.ts'
import { pathParamsOf, type Route, type RouteKey } from './manifest.ts'

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`

export const thisWeek = () => currentWeekStart('America/Chicago', 'monday')

type Org = Awaited<ReturnType<typeof newOrganization>>
type Staff = Awaited<ReturnType<typeof newStaffMember>>

/**
 * One organization with real people and timesheets in every state, made through the same code
 * the product uses (staff through the real add-member and staff login; timesheets through the
 * data layer, which is fast). Fresh objects come from the helpers, so a state-changing case
 * never consumes another case's object.
 */
export const makeTenant = async (name: string, options: { spare?: boolean; unlimited?: boolean } = {}) => {
  // Each fresh object of the suite is a week further back, beyond the year a timesheet may be saved
  // for (functions/src/support/timesheet-views.ts); that window has its own tests, so here it is
  // wide. Set for the file that makes the tenant (test/stack-env.ts resets the environment per file).
  process.env.TIMESHEET_WEEKS_BACK = '2000'
  const org: Org = await newOrganization(name)
  const staff: Staff = await newStaffMember(org.cookie)
  const spare: Staff | undefined = options.spare ? await newStaffMember(org.cookie, 'volunteer') : undefined
  const orgId = org.organization.id
  const db = orgDb(orgId)
  // A tenant that adds a member for every case of every member route outgrows a trial's 50 members
  // (Professional's limit): it pays for Enterprise, which has none.
  if (options.unlimited)
    await db.organization.applyBillingEvent({
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000),
      status: 'active',
      plan: 'enterprise',
      subscriptionId: 'sub_security',
      currentPeriodEnd: '2030-03-17T00:00:00.000Z',
      trialEndsAt: null,
      paymentMethodOnFile: true,
    })
  let weeksBack = 0
  const nextWeek = () => addDays(thisWeek(), -7 * ++weeksBack)
  const by = org.supervisor

  const freshDraft = async (
    days: Partial<TimesheetDays> = { mondayStart: '09:00', mondayEnd: '12:30', mondayActivity: `Visits ${name}` },
    employee = staff.user,
  ): Promise<Timesheet> => {
    const sheet = await db.timesheets.getOrCreate(employee, nextWeek())
    return db.timesheets.saveDays(sheet.id, employee, TimesheetDays.parse(days))
  }
  const freshPending = async (days?: Partial<TimesheetDays>) => {
    const draft = await freshDraft(days)
    return db.timesheets.submit(draft.id, staff.user)
  }
  const freshApproved = async (days?: Partial<TimesheetDays>) => {
    const pending = await freshPending(days)
    return db.timesheets.decide(pending.id, by, 'approved', '')
  }
  /** A pending time-off request of the staff member, a day of a week of its own. */
  const freshTimeOff = async () => {
    const day = nextWeek()
    return db.timeOff.create(
      { kind: 'sick', from: day, to: day, hoursPerDay: 8, note: '', days: [{ date: day, hours: 8 }], hours: 8 },
      staff.user,
    )
  }
  const freshToken = async (decision: 'approved' | 'rejected' = 'approved') => {
    const pending = await freshPending()
    const token = await createDecisionLink({
      orgId,
      timesheetId: pending.id,
      version: pending.version,
      decision,
      supervisorId: org.supervisor.id,
    })
    return { token, sheet: pending }
  }
  /** A member added through the real add-member route (a staff-pool login exists), not signed in. */
  // Once a test gives the tenant campuses, its fresh members join this one (a member then needs one).
  const campus: { id?: string } = {}
  const freshMember = async (role: 'employee' | 'volunteer' | 'supervisor' = 'volunteer') => {
    const res = await addMemberThroughRoute(org.cookie, {
      firstName: 'Lee',
      lastName: 'Moss',
      department: 'Care',
      role,
      ...(campus.id ? { campusId: campus.id } : {}),
    })
    if (res.status !== 200) throw new Error(`add member answered ${res.status}: ${res.text}`)
    return res.json as { id: string; temporaryCredentials: { username: string; password: string } }
  }
  /**
   * A pay period of the organization's schedule (biweekly from this week, the default) ten years
   * back, where no fresh object ever falls: closing it locks no week another case uses, and it has
   * ended, so a close needs no `closeAnyway`.
   */
  let periodsBack = 0
  const freshPeriod = async (closed = false) => {
    const period = periodContaining(addDays(thisWeek(), -7 * (520 + 4 * ++periodsBack)), 'biweekly', thisWeek())
    if (closed) await db.payroll.close(period, [], by)
    return period.start
  }
  let logo: { orgId: string; file: string } | undefined
  const realLogo = async () => {
    if (logo) return logo
    const res = await callRoute(uploadLogo, { cookies: [org.cookie], body: { dataUrl: dataUrl('image/png', PNG) } })
    if (res.status !== 200) throw new Error(`logo upload answered ${res.status}: ${res.text}`)
    const [, , , id, file] = (res.json.logoUrl as string).split('/')
    logo = { orgId: id!, file: file! }
    return logo
  }

  /** An API token of the organization, made by its supervisor, with the scopes asked. */
  const freshApiToken = (scopes: ApiScope[] = ['timesheets:read']) =>
    db.apiTokens.create({ name: `Sync ${randomUUID().slice(0, 6)}`, scopes }, by)

  /**
   * A webhook of the organization to a closed loopback port (a delivery fails at once);
   * older ones are deleted first, so the suite stays under the organization's webhook limit.
   */
  const freshWebhook = async () => {
    const existing = await db.webhooks.list()
    for (const old of existing.slice(0, Math.max(0, existing.length - 4))) await db.webhooks.remove(old.id, by)
    return db.webhooks.create({ url: 'http://127.0.0.1:9/hook', events: ['member.added'] }, by)
  }
  /** A delivery to that webhook, queued as a change's `webhooks` effect writes it. */
  const freshDelivery = async (webhookId: string) => {
    const queued = (
      await db.webhooks.event('member.added', { memberId: randomUUID(), role: 'employee', by: { userId: by.id } })
    ).find((q) => q.webhookId === webhookId)!
    await table.put(webhookDeliveryItem(queued))
    return queued
  }

  /**
   * A kiosk of the organization (a fresh browser session of its supervisor made into one),
   * with the cookie that kiosk's browser now holds.
   */
  const freshKiosk = async (name = `Lobby ${randomUUID().slice(0, 6)}`) => {
    const { sid } = await sessions.create({ orgId, userId: by.id })
    const made = await db.kiosks.create(name, by, sid)
    return { ...made.kiosk, cookie: `${sessionCookieName()}=${made.sid}` }
  }
  /** A member with the kiosk PIN KIOSK_PIN (a fresh one per punch: a finished day cannot be punched again). */
  const freshPinHolder = async () => {
    const member = await db.users.get((await freshMember('employee')).id)
    await db.kiosks.setPin(member, await hashPin(KIOSK_PIN), by)
    return member
  }
  await db.kiosks.setPin(staff.user, await hashPin(KIOSK_PIN), by)
  const kiosk = await freshKiosk('Front desk')
  /** A phone the staff member is kept signed in on (its session made as a 'remember' sign-in makes it). */
  const freshDevice = async () => {
    const { sid } = await sessions.create({ orgId, userId: staff.user.id }, undefined, {
      browser: 'Chrome',
      os: 'Android',
    })
    return (await sessions.devices(orgId, staff.user.id, sid)).find((d) => d.current)!
  }

  const snapshot = () => snapshotOf(orgId)

  /** The true number of timesheets in each status, counted item by item (tests only). */
  const trueCounts = async () => {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.timesheetsPrefix },
    })
    const counts = { draft: 0, pending: 0, approved: 0, rejected: 0 }
    for (const i of items) counts[i.status as keyof typeof counts]++
    return counts
  }

  return {
    name,
    ...org,
    orgId,
    db,
    staff,
    spare,
    by,
    nextWeek,
    freshDraft,
    freshPending,
    freshApproved,
    freshToken,
    freshTimeOff,
    freshMember,
    /** The campus fresh members join (set by a test that gives the tenant campuses). */
    campus,
    freshPeriod,
    freshApiToken,
    freshWebhook,
    freshDelivery,
    realLogo,
    snapshot,
    trueCounts,
    freshKiosk,
    freshDevice,
    freshPinHolder,
    /** The session cookie of the organization's kiosk 'Front desk'. */
    kioskCookie: kiosk.cookie,
    /** Another session for the same person (a second tab or device). */
    anotherSession: (userId: string) => sessionCookieFor({ orgId, userId }),
  }
}
export type Tenant = Awaited<ReturnType<typeof makeTenant>>

/** The kiosk PIN of every tenant's staff member and PIN holders. */
export const KIOSK_PIN = '2580'

/**
 * Everything an organization owns in the table (its partition, its members' username lookups and
 * sessions, its API tokens), in a stable order, to compare before and after.
 */
export const snapshotOf = async (orgId: string) => {
  // Two round trips, each of its reads side by side: this runs after every refused request of the
  // security suite, thousands of times a run.
  const [all, tokenItems] = await Promise.all([
    table.queryAll({
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': keys.orgPk(orgId) },
    }),
    table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.orgApiTokens(orgId) },
    }),
  ])
  // A wrong coupon code is counted on purpose (the hourly guessing throttle): that count is the
  // refusal working, not a change of the organization's data.
  // A webhook delivery's tries are the sender's bookkeeping, made by the retry job on its
  // own clock: which deliveries exist, and what they carry, is the organization's data.
  const items = all
    .filter((i) => !String(i.sk).startsWith('COUPONTRY#'))
    .map((i) =>
      String(i.sk).startsWith('WHDELIVERY#')
        ? { pk: i.pk, sk: i.sk, webhookId: i.webhookId, event: i.event, payload: i.payload, createdAt: i.createdAt }
        : i,
    )
  const members = items.filter((i) => String(i.sk).startsWith(keys.usersPrefix))
  const [lookups, sessionItems] = await Promise.all([
    Promise.all(members.filter((m) => m.username).map((m) => table.get(keys.username(String(m.username))))),
    Promise.all(
      members.map((m) =>
        table.queryAll({
          index: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': keys.userSessions(orgId, String(m.id)) },
        }),
      ),
    ),
  ])
  // A session's idle expiry slides forward when it is used: that is not a change of data.
  const sessions = sessionItems
    .flat()
    .map(({ expire: _slides, ...rest }) => rest)
    .sort((x, y) => String(x.pk).localeCompare(String(y.pk)))
  // The organization's API tokens; when one was last used is not a change of data.
  const tokens = tokenItems
    .map(({ lastUsedAt: _used, ...rest }) => rest)
    .sort((x, y) => String(x.pk).localeCompare(String(y.pk)))
  return { items, lookups, sessions, tokens }
}

/**
 * A real object for each path parameter of a route, chosen by the parameter's name and the
 * route's path (a member id under /api/employees, a timesheet id in the state in which the
 * route would act on it, a signed decision link, a stored logo). A new route gets the same.
 */
/** One export runs at a time per organization: the tenant's running one ends first, so each call may start its own. */
const noExportRunning = async (t: Tenant) => {
  for (const running of await dataExports.running())
    if (running.orgId === t.orgId) await t.db.exports.fail(running.id, 'Ended by the test for the next one')
}

export const realParams = async (key: RouteKey, route: Route, t: Tenant): Promise<Record<string, string>> => {
  const params: Record<string, string> = {}
  if (key === 'organization/start-export') await noExportRunning(t)
  for (const name of pathParamsOf(route)) {
    if (name === 'id' && route.path.startsWith('/api/employees/imports/')) {
      const mapping = { Email: 'email' as const }
      params.id = (
        await t.db.memberImports.start(t.by, { id: randomUUID(), fileName: 'x.csv', fileKey: 'x', mapping, total: 0 })
      ).id
    } else if (name === 'id' && route.path.startsWith('/api/employees/')) {
      params.id = (await t.freshMember()).id
    } else if (name === 'id' && route.path.startsWith('/api/tokens/')) {
      params.id = (await t.freshApiToken()).id
    } else if (name === 'id' && route.path.startsWith('/api/kiosks/')) {
      params.id = (await t.freshKiosk()).id
    } else if (name === 'id' && route.path.startsWith('/api/webhooks/')) {
      params.id = (await t.freshWebhook()).id
    } else if (name === 'id' && route.path.startsWith('/api/integrations/')) {
      // Configured with a vendor that is never reached: connect only answers its consent address.
      Object.assign(process.env, {
        QUICKBOOKS_CLIENT_ID: 'security-test',
        QUICKBOOKS_CLIENT_SECRET: 'security-test',
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        QUICKBOOKS_BASE_URL: 'http://127.0.0.1:9',
        GUSTO_CLIENT_ID: 'security-test',
        GUSTO_CLIENT_SECRET: 'security-test',
        GUSTO_ENVIRONMENT: 'demo',
        GUSTO_BASE_URL: 'http://127.0.0.1:9',
      })
      params.id = 'quickbooks'
    } else if (name === 'deliveryId') {
      params.deliveryId = (await t.freshDelivery(params.id!)).id
    } else if (name === 'id' && route.path.startsWith('/api/profile/devices/')) {
      params.id = (await t.freshDevice()).id
    } else if (name === 'id' && route.path.startsWith('/api/time-off/')) {
      params.id = (await t.freshTimeOff()).id
    } else if (name === 'id' && route.path.startsWith('/api/organization/export/')) {
      await noExportRunning(t)
      params.id = (await t.db.exports.start(t.by)).id
    } else if (name === 'id') {
      const sheet =
        key === 'timesheets/download-csv' || key === 'timesheets/send-back'
          ? await t.freshApproved()
          : key === 'timesheets/update-status'
            ? await t.freshPending()
            : key === 'timesheets/copy-last-week'
              ? await freshDraftWithLastWeek(t)
              : await t.freshDraft()
      params.id = String(sheet.id)
    } else if (name === 'token' && route.path.startsWith('/api/unsubscribe/')) {
      params.token = await createUnsubscribeToken({ orgId: t.orgId, userId: t.staff.user.id, kind: 'reminder' })
    } else if (name === 'token' && route.path.startsWith('/api/email-confirmations/')) {
      const member = await t.freshMember()
      const { email } = await t.db.users.get(member.id)
      params.token = await createAddressLink({ orgId: t.orgId, userId: member.id, email: email! })
    } else if (name === 'token') {
      params.token = (await t.freshToken()).token
    } else if (name === 'start') {
      params.start = await t.freshPeriod(key === 'payroll/reopen-period')
    } else if (name === 'orgId' || name === 'file') {
      Object.assign(params, await t.realLogo())
    } else {
      params[name] = randomUUID()
    }
  }
  return params
}

/** An empty draft whose previous week has a filled Monday (made next: fresh weeks go back). */
const freshDraftWithLastWeek = async (t: Tenant) => {
  const sheet = await t.freshDraft({})
  await t.freshDraft()
  return sheet
}

/** The session each route is meant for: a supervisor for supervisor routes, a staff member for member routes. */
export const cookieFor = (route: Route, t: Tenant) =>
  route.kioskOnly
    ? [t.kioskCookie]
    : route.auth === 'supervisor'
      ? [t.cookie]
      : route.auth === 'member'
        ? [t.staff.cookie]
        : []

/** A request that the owner of the objects would have answered with success (or a clear refusal for billing without Stripe). */
export const ownerRequest = async (key: RouteKey, route: Route, t: Tenant): Promise<TestRequest> => {
  const params = await realParams(key, route, t)
  const cookies = cookieFor(route, t)
  const week = t.nextWeek()
  const bodies: Partial<Record<RouteKey, unknown>> = {
    'auth/update-user': { language: 'es' },
    'billing/create-subscription': { priceId: 'price_professional_monthly' },
    'billing/validate-coupon': { couponCode: 'SAVE20' },
    'members/add-member': {
      email: `${randomUUID().slice(0, 8)}@grace.example`,
      firstName: 'Noor',
      lastName: 'Haddad',
      department: 'Music',
      role: 'volunteer',
    },
    // A preview: it reads the file and the members, and writes nothing.
    'members/import-members': {
      fileName: 'people.csv',
      content: Buffer.from(
        `Email,First name,Last name,Department\r\n${randomUUID().slice(0, 8)}@grace.example,Noor,Haddad,Music`,
      ).toString('base64'),
      dryRun: true,
    },
    'notifications/update-my-notifications': { kind: 'reminder', subscribed: false },
    'notifications/update-notifications': defaultNotificationSettings('monday'),
    'organization/update-settings': { organizationName: `${t.name} renamed` },
    'organization/update-setup-guide': { step: 'members', state: 'skipped' },
    'organization/upload-logo': { dataUrl: dataUrl('image/png', PNG) },
    // The tenant keeps no codes, so the empty list is a valid (and unchanged) one every time.
    'organization/update-allocation-codes': { codes: [] },
    'staff/staff-login': t.staff.credentials,
    'timesheets/create-timesheet': { weekStartDate: week, tuesdayStart: '10:00', tuesdayEnd: '11:00' },
    'timesheets/save-draft': { weekStartDate: week, tuesdayStart: '10:00', tuesdayEnd: '11:00' },
    'timesheets/update-draft': { wednesdayStart: '08:00', wednesdayEnd: '09:15', wednesdayActivity: 'Office' },
    'timesheets/update-status': { status: 'approved', comments: 'Thanks' },
    'timesheets/send-back': { comments: 'Monday is missing' },
    'timesheets/submit-timesheet': {},
    'profile/set-pin': { pin: KIOSK_PIN },
    'members/set-member-pin': { pin: '2468' },
    'members/update-member': { department: 'Worship', payType: 'exempt', payrollId: 'G7K2P9' },
    'payroll/update-settings': { volunteerHourlyRate: 30 },
    'payroll/reopen-period': { reason: 'A missed shift' },
    'tokens/create-token': { name: 'Planning Center sync', scopes: ['timesheets:read', 'members:read'] },
    'time-off/create-time-off': { kind: 'sick', from: week, to: week, hoursPerDay: 1 },
    'time-off/update-policies': defaultTimeOffPolicies(),
    'time-off/create-adjustment': { employeeId: t.staff.user.id, kind: 'vacation', hours: 4, reason: 'Grant' },
    'time-off/decide-time-off': { status: 'approved', comments: 'Enjoy' },
    'organization/update-holidays': { holidays: [{ date: week, name: 'Founders Day', hours: 8 }], blackouts: [] },
    'webhooks/create-webhook': { url: 'http://127.0.0.1:9/hook', events: ['timesheet.approved'] },
  }
  const queries: Partial<Record<RouteKey, Record<string, string>>> = {
    'reports/get-reports': { start: addDays(thisWeek(), -70), end: thisWeek() },
    'payroll/get-summary': { from: addDays(thisWeek(), -14), to: thisWeek() },
    'payroll/export-payroll': { format: 'csv', from: addDays(thisWeek(), -14), to: thisWeek() },
    'reports/volunteer-hours': { from: addDays(thisWeek(), -14), to: thisWeek() },
    'reports/allocation-report': { from: addDays(thisWeek(), -14), to: thisWeek() },
    'auth/login': { returnTo: '/dashboard' },
    'timesheets/get-week': { start: thisWeek() },
  }
  if (key === 'auth/logout') cookies.push(await t.anotherSession(t.staff.user.id))
  if (key === 'auth/callback') {
    // A sign-in coming back from the identity provider: the state matches the browser's cookie.
    const state = randomUUID()
    return { cookies: [`auth_state=${state}`], query: { state, code: 'local-code' } }
  }
  if (key === 'billing/stripe-webhook' && process.env.STRIPE_WEBHOOK_SECRET) {
    const body = JSON.stringify(subscriptionEvent(t.orgId))
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: process.env.STRIPE_WEBHOOK_SECRET,
    })
    return { body, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } }
  }
  // Making a kiosk turns the calling session into it, so it takes a browser session of its own.
  if (key === 'kiosk/create-kiosk') return { cookies: [await t.anotherSession(t.by.id)], body: { name: 'Hall' } }
  if (key === 'kiosk/punch') return { cookies, body: { employeeId: (await t.freshPinHolder()).id, pin: KIOSK_PIN } }
  // The staff member has the hour the request asks for (a policy never goes negative by default).
  // Other tests' pending requests hold sick hours too: grant what makes one hour available.
  if (key === 'time-off/create-time-off') {
    const sick = (await t.db.timeOff.ledger(t.staff.user.id)).filter((e) => e.kind === 'sick')
    const available = balanceOf(sick, thisWeek()).availableHours
    await t.db.timeOff.adjust(t.staff.user, { kind: 'sick', hours: 1 - available, reason: 'Grant', date: week }, t.by)
  }
  // Starting the trial is an organization's first step: one of its own, as the tenant may have paid already.
  if (key === 'billing/start-trial')
    return { cookies: [(await newOrganization(`Trial${randomUUID().slice(0, 6)} Church`)).cookie] }
  if (key === 'timesheets/bulk-approve') return { cookies, params, body: { ids: [(await t.freshPending()).id] } }
  // Reopening is its owner's call only while closed; a closed organization of its own
  // each time (closing the shared tenant would lock every other route out).
  if (key === 'organization/reopen-organization') {
    const closed = await newOrganization(`Closed${randomUUID().slice(0, 6)} Church`)
    const closedAt = new Date().toISOString()
    await orgDb(closed.organization.id).closure.close(closed.supervisor, { closedAt, eraseOn: '2999-01-01' })
    return { cookies: [closed.cookie] }
  }
  return { cookies, params, body: bodies[key], query: queries[key] }
}

/**
 * `t`'s owner's request for `key`, made with `cookie` instead, the route and the case counted in
 * the file's `figures`: its answer, once `t`'s data is checked unchanged by it.
 */
export const ownerRequestWith = async (
  figures: { route: (key: string) => unknown; cases: () => unknown },
  [key, route]: [RouteKey, Route],
  t: Tenant,
  cookie: string,
) => {
  figures.route(key)
  const request = await ownerRequest(key, route, t)
  const before = await t.snapshot()
  const res = await callRoute(route, { ...request, cookies: [cookie] })
  figures.cases()
  expect(await t.snapshot(), `${key} changed nothing`).toEqual(before)
  return res
}

/** A signed-looking Stripe event about the organization's subscription (see billing.test.ts). */
export const subscriptionEvent = (orgId: string, status = 'active') => ({
  id: `evt_${randomUUID()}`,
  object: 'event',
  type: 'customer.subscription.updated',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: 'sub_security',
      object: 'subscription',
      status,
      metadata: { orgId },
      trial_end: null,
      // Enterprise: the tenant keeps adding members after this event (see makeTenant's `unlimited`).
      items: { data: [{ price: { id: 'price_enterprise_monthly' }, current_period_end: 1900000000 }] },
    },
  },
})
