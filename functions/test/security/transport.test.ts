import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@app/core'
import { config, filesFor } from '@app/adapters'
import { sessions } from '@app/data'
import { authStateCookie } from '../../src/http/auth-state-cookie.ts'
import { clearedSessionCookie, sessionCookie, sessionCookieName } from '../../src/http/cookies.ts'
import { callRoute } from '../support/test-event.ts'
import { addMemberThroughRoute } from '../support/test-identity.ts'
import { expectCleanRefusal } from './support/checks.ts'
import { figuresFor } from './support/figures.ts'
import { manifest, pathParamsOf, routes, type Route, type RouteKey } from './support/manifest.ts'
import { dataUrl, makeTenant, type Tenant } from './support/world.ts'

/**
 * What travels: security headers on every answer of the running stack, session cookies a script
 * cannot read or another site send, CSV files a spreadsheet will not run, and logos that cannot
 * carry script.
 */
const figures = figuresFor(import.meta.filename)
let t: Tenant

beforeAll(async () => {
  t = await makeTenant(`=cmd|calc Zeta${randomUUID().slice(0, 4)}`)
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`

/** A path for the route with placeholder parameters of the right shape. */
const samplePath = (route: Route) =>
  pathParamsOf(route).reduce(
    (path, name) =>
      path.replace(
        `{${name}}`,
        name === 'file'
          ? 'logo-0123456789abcdef.png'
          : name === 'orgId' || route.path.startsWith('/api/employees/')
            ? randomUUID()
            : name === 'token'
              ? 'not-a-link'
              : '1',
      ),
    route.path,
  )

const expectSecurityHeaders = (headers: Headers, context: string) => {
  const csp = headers.get('content-security-policy') ?? ''
  expect(csp, context).toContain("frame-ancestors 'none'")
  expect(csp, context).toContain("default-src 'self'")
  expect(csp, context).toContain("object-src 'none'")
  expect(csp, context).toContain("base-uri 'self'")
  expect(csp, context).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
  expect(headers.get('x-content-type-options'), context).toBe('nosniff')
  expect(headers.get('x-frame-options'), context).toBe('DENY')
  expect(headers.get('referrer-policy'), context).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  )
  expect(headers.get('permissions-policy'), context).toBeTruthy()
  expect(headers.get('x-powered-by'), context).toBeNull()
}

describe('security headers on every answer of the running stack', () => {
  it.each(manifest.map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    const origin = config.appOrigin
    const res = await fetch(`${origin}${samplePath(route)}`, {
      method: route.method,
      redirect: 'manual',
      headers: route.method === 'GET' ? {} : { origin, 'content-type': 'application/json' },
      body: route.method === 'GET' ? undefined : '{}',
      signal: AbortSignal.timeout(10_000),
    })
    figures.cases()
    await res.arrayBuffer()
    expect(res.status, key).toBeLessThan(500)
    expectSecurityHeaders(res.headers, `${key} answered ${res.status}`)
  })

  it('on the answers no route gives: unknown path, wrong method, a body over the limit', async () => {
    const origin = config.appOrigin
    const answers = [
      await fetch(`${origin}/api/no-such-thing`),
      await fetch(`${origin}/api/health`, { method: 'DELETE', headers: { origin } }),
      await fetch(`${origin}/api/staff/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: 'x'.repeat(10 * 1024 * 1024 + 1), // API Gateway's payload limit (infra/lib/definition.ts)
      }),
    ]
    expect(answers.map((a) => a.status)).toEqual([404, 405, 413])
    for (const a of answers) {
      figures.cases()
      expectSecurityHeaders(a.headers, String(a.status))
      expect((await a.json()).message).toBeTruthy()
    }
  })
})

describe('the local stack listens on loopback only', () => {
  /** The machine's own addresses other machines can reach it at. */
  const outward = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address)

  const answers = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port, timeout: 2000 })
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
      socket.once('timeout', () => (socket.destroy(), resolve(false)))
    })

  const services = () => ({
    app: config.appOrigin,
    dynamodb: process.env.DYNAMODB_ENDPOINT!,
    cognito: process.env.COGNITO_ENDPOINT!,
    s3: process.env.S3_ENDPOINT!,
    ses: process.env.SES_ENDPOINT!,
    idp: process.env.OIDC_ISSUER!,
  })

  it.each(Object.keys(services()))('%s answers on 127.0.0.1 and on no outward address', async (name) => {
    const port = Number(new URL(services()[name as keyof ReturnType<typeof services>]).port)
    expect(await answers('127.0.0.1', port)).toBe(true)
    for (const host of outward) {
      figures.cases()
      expect(await answers(host, port), `${name} on ${host}:${port}`).toBe(false)
    }
  })
})

describe('session cookies', () => {
  const savedOrigin = process.env.APP_ORIGIN
  afterEach(() => {
    process.env.APP_ORIGIN = savedOrigin
  })

  const attributes = (cookie: string) => cookie.split(';').map((p) => p.trim())

  it('are HttpOnly, SameSite=Lax, Path=/ and __Host- and Secure on an https origin', () => {
    process.env.APP_ORIGIN = 'https://timesheets.example.org'
    const sid = 'a'.repeat(43)
    for (const cookie of [sessionCookie(sid), clearedSessionCookie()]) {
      const parts = attributes(cookie)
      expect(parts[0]!.startsWith('__Host-sid=')).toBe(true)
      expect(parts).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure']))
      expect(
        parts.some((p) => /^domain=/i.test(p)),
        '__Host- cookies carry no Domain',
      ).toBe(false)
    }
    expect(attributes(authStateCookie.set('state', config.appOrigin))).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/api/callback']),
    )
    expect(sessionCookieName()).toBe('__Host-sid')
  })

  it('on the plain-http loopback origin keep HttpOnly and SameSite=Lax (Secure cannot be set there)', () => {
    expect(config.appOrigin.startsWith('http://127.0.0.1')).toBe(true)
    const parts = attributes(sessionCookie('b'.repeat(43)))
    expect(parts[0]!.startsWith('sid=')).toBe(true)
    expect(parts).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']))
    expect(parts).not.toContain('Secure')
  })

  it('over HTTP: staff sign-in sets a fresh 256-bit session id each time and ends the one it replaces', async () => {
    figures.route('staff/staff-login')
    figures.route('auth/login')
    const origin = config.appOrigin
    const signIn = async (cookie?: string) => {
      const res = await fetch(`${origin}/api/staff/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(t.staff.credentials),
      })
      figures.cases()
      expect(res.status).toBe(200)
      const [cookieLine] = res.headers.getSetCookie()
      expect(attributes(cookieLine!)).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']))
      return cookieLine!.split(';')[0]!
    }
    const first = await signIn()
    // 256 random bits, then the organization and member it belongs to (base64url).
    expect(first).toMatch(/^sid=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    const second = await signIn(first)
    expect(second).not.toBe(first)
    expect(await sessions.get(first.split('=')[1]!)).toBeUndefined()
    expect(await sessions.get(second.split('=')[1]!)).toBeDefined()

    const start = await fetch(`${origin}/api/login`, { redirect: 'manual' })
    expect(start.status).toBe(302)
    expect(attributes(start.headers.getSetCookie()[0]!)).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/api/callback']),
    )
    const signedOut = await fetch(`${origin}/api/auth/user`, { headers: { cookie: `sid=${'z'.repeat(43)}` } })
    expect(signedOut.status).toBe(401)
    expect(signedOut.headers.getSetCookie()[0]).toMatch(/^sid=;.*Max-Age=0/)
  })
})

/** Cells of a CSV file (quotes, doubled quotes, CRLF inside quotes), without the byte-order mark. */
const csvCells = (text: string) => {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  const s = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (quoted && c === '"' && s[i + 1] === '"') {
      cell += '"'
      i++
    } else if (c === '"') {
      quoted = !quoted
    } else if (!quoted && (c === ',' || c === '\n')) {
      cells.push(cell.replace(/\r$/, ''))
      cell = ''
    } else {
      cell += c
    }
  }
  if (cell) cells.push(cell)
  return cells
}

describe('every CSV-producing route neutralises formulas', () => {
  const hostile = {
    mondayStart: '09:00',
    mondayEnd: '17:00',
    mondayActivity: '=HYPERLINK("http://evil.example","x")',
    tuesdayStart: '09:00',
    tuesdayEnd: '10:00',
    tuesdayActivity: '+1+cmd|calc',
    wednesdayActivity: '-2+3',
    thursdayActivity: '@SUM(A1:A9)',
    notes: '=1+1',
  }
  let member: { id: string; firstName: string; lastName: string }

  beforeAll(async () => {
    // A member whose name and department are formulas too.
    const res = await addMemberThroughRoute(t.cookie, { firstName: '@SUM(1+1)', lastName: '-2+3', department: '+cmd' })
    expect(res.status, res.text).toBe(200)
    member = res.json
  })

  /** A pending timesheet of the hostile member, made through the data layer. */
  const pendingOfMember = async () => {
    const sheet = await t.db.timesheets.getOrCreate(member, t.nextWeek())
    const { TimesheetDays } = await import('@app/core')
    const saved = await t.db.timesheets.saveDays(sheet.id, member, TimesheetDays.parse(hostile))
    return t.db.timesheets.submit(saved.id, member)
  }
  const approved = async () => t.db.timesheets.decide((await pendingOfMember()).id, t.by, 'approved', '=danger()')

  /** How each route that writes to the exports bucket is made to write a CSV, and where the file is. */
  const produce: Partial<Record<RouteKey, () => Promise<string>>> = {
    // A new member named with formulas: the import job writes their sign-in details to a CSV.
    'members/import-members': async () => {
      const rows = [
        'First name,Last name,Email,Department',
        `=HYPERLINK("x"),-2+3,${randomUUID().slice(0, 8)}@grace.example,+cmd`,
      ]
      const res = await callRoute(routes['members/import-members'], {
        cookies: [t.cookie],
        body: { fileName: 'x.csv', content: Buffer.from(rows.join('\r\n')).toString('base64'), dryRun: false },
      })
      expect(res.status, res.text).toBe(200)
      const { importMembersJob } = await import('../../src/jobs/import-members.ts')
      await importMembersJob([t.orgId])
      const status = await callRoute(routes['members/get-import'], { cookies: [t.cookie], params: { id: res.json.id } })
      return status.json.credentialsUrl
    },
    'timesheets/update-status': async () => {
      const res = await callRoute(routes['timesheets/update-status'], {
        cookies: [t.cookie],
        params: { id: String((await pendingOfMember()).id) },
        body: { status: 'approved', comments: '=danger()' },
      })
      return res.json.csvDownloadUrl
    },
    'timesheets/download-csv': async () => {
      const id = String((await approved()).id)
      const res = await callRoute(routes['timesheets/download-csv'], { cookies: [t.cookie], params: { id } })
      return res.headers.location as string
    },
    'reports/bulk-timesheets': async () => {
      await approved()
      const res = await callRoute(routes['reports/bulk-timesheets'], { cookies: [t.cookie], query: { status: 'all' } })
      return res.headers.location as string
    },
    'payroll/export-payroll': async () => {
      // Approved through the route, so the week's payroll figures are stored; then our CSV of that week.
      const pending = await pendingOfMember()
      await callRoute(routes['timesheets/update-status'], {
        cookies: [t.cookie],
        params: { id: String(pending.id) },
        body: { status: 'approved' },
      })
      const res = await callRoute(routes['payroll/export-payroll'], {
        cookies: [t.cookie],
        query: { format: 'csv', from: pending.weekStartDate, to: addDays(pending.weekStartDate, 6) },
      })
      return res.headers.location as string
    },
    'email-decisions/confirm-decision': async () => {
      const pending = await pendingOfMember()
      const { createDecisionLink } = await import('../../src/workflows/decision-links.ts')
      const token = await createDecisionLink({
        orgId: t.orgId,
        timesheetId: pending.id,
        version: pending.version,
        decision: 'approved',
        supervisorId: t.supervisor.id,
      })
      const res = await callRoute(routes['email-decisions/confirm-decision'], {
        params: { token },
        body: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(res.text).toContain('Timesheet approved')
      // The approval's file, where publishTimesheetCsv writes it (the link page shows no link).
      return filesFor(t.orgId)
        .timesheetCsv(pending.id, pending.version + 1, 'en')
        .url('x.csv')
    },
  }

  // Every route that may touch the exports bucket, but the health check (it only reads a missing object)
  // and the export's and the import's status (they only sign a link to the file their job wrote).
  const readers = new Set(['health/get-health', 'organization/get-export', 'members/get-import'])
  const writers = manifest.filter(([k, r]) => r.uses.includes('exportsBucket') && !readers.has(k))

  it('every route that writes to the exports bucket is made to write a CSV here', () => {
    expect(writers.map(([k]) => k).filter((k) => !produce[k])).toEqual([])
  })

  it.each(writers.map((e) => [label(e), e] as const))('%s', async (_, [key]) => {
    figures.route(key)
    const url = await produce[key]!()
    const res = await fetch(url)
    expect(res.status, `${key} wrote no CSV`).toBe(200)
    figures.cases()
    const cells = csvCells(await res.text())
    // The hostile names, department, activities and comments are there, each made harmless.
    expect(cells.filter((c) => /^'[=+\-@]/.test(c)).length, key).toBeGreaterThan(0)
    expect(
      cells.filter((c) => /^[=+\-@\t\r]/.test(c)),
      key,
    ).toEqual([])
  })
})

describe('logos: more hostile SVGs are refused and nothing is stored', () => {
  const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`
  const hostile = [
    svg('<SCRIPT>alert(1)</SCRIPT>'),
    svg('', '\nonload="alert(1)"'),
    svg('<rect\tonclick="alert(1)"/>'),
    svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
    svg('<a href=" JaVaScRiPt:alert(1)"><text>x</text></a>'),
    svg('<image href="//evil.example/x.png"/>'),
    svg('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#a"/>'),
    svg('<set attributeName="href" to="javascript:alert(1)"/>'),
    svg('<animate attributeName="href" values="javascript:alert(1)"/>'),
    svg('<filter><feImage href="https://evil.example/x.png"/></filter>'),
    svg('<rect style="fill:url(https://evil.example/x.svg#p)"/>'),
    svg('<style>@IMPORT "https://evil.example/a.css";</style>'),
    svg('<embed href="https://evil.example"/>'),
    svg('<foreignobject><div/></foreignobject>'),
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg('<text>&xxe;</text>')}`,
  ]

  it.each(hostile.map((s) => [s.slice(0, 90), s] as const))('%s', async (_, text) => {
    figures.route('organization/upload-logo')
    figures.cases()
    const res = await callRoute(routes['organization/upload-logo'], {
      cookies: [t.cookie],
      body: { dataUrl: dataUrl('image/svg+xml', Buffer.from(text)) },
    })
    expectCleanRefusal(res, text)
    expect(res.json.message).toBe('This SVG contains scripts or external references and cannot be used as a logo')
    expect((await t.db.organization.get()).logoUrl).toBeNull()
  })
})
