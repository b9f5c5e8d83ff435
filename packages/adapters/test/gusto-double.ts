import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { gustoContractProblems, type GustoCall } from './gusto-contract.ts'

/** The errors Gusto documents, for `fail`: an expired token, a validation error, a rate limit. */
export const GUSTO_ERRORS = {
  expiredToken: {
    status: 401,
    headers: {
      'www-authenticate': 'Bearer realm="Gusto", error="invalid_token", error_description="The access token expired"',
    },
    body: { error: 'invalid_token', error_description: 'The access token expired' },
  },
  validation: (key: string, message: string) => ({
    status: 422,
    body: { errors: [{ error_key: key, category: 'invalid_attribute_value', message }] },
  }),
  rateLimited: (seconds: number) => ({
    status: 429,
    headers: { 'retry-after': String(seconds) },
    body: { errors: [{ error_key: 'request', category: 'rate_limit_exceeded', message: 'Too many requests' }] },
  }),
}

type Failure = { status: number; headers?: Record<string, string>; body: unknown }

/**
 * A local stand-in for the Gusto endpoints we call, answering with the shapes Gusto's reference
 * shows (its time sheet, pay period, employee, policy and error objects). Every request is
 * recorded and checked against Gusto's description (gusto-contract.ts); tests assert `violations`
 * stays empty. `fail` makes the next matching call answer an error Gusto documents: 401 for an
 * expired token, 422 for a validation error, 429 with Retry-After.
 */
export const startGustoDouble = async (opts: { company?: string; token?: string } = {}) => {
  const company = opts.company ?? 'c0a1b2c3-0000-4000-8000-000000000001'
  let token = opts.token ?? 'gusto-access-1'
  const calls: GustoCall[] = []
  const violations: string[] = []
  const failures: { method: string; path: RegExp; failure: Failure }[] = []
  const employees: Record<string, unknown>[] = []
  const policies: Record<string, unknown>[] = []
  const payPeriods: Record<string, unknown>[] = []
  const timeSheets = new Map<string, Record<string, unknown>>()
  const payrollSyncs: Record<string, unknown>[] = []
  const payrolls = new Map<string, Record<string, unknown>>()

  const answer = (method: string, path: string, body: any): { status: number; body?: unknown } => {
    const q = new URL(`http://x${path}`)
    const p = q.pathname
    if (method === 'GET' && p === '/v1/token_info')
      return {
        status: 200,
        body: { scope: 'time_sheets:write payrolls:write', resource: { type: 'Company', uuid: company } },
      }
    if (method === 'GET' && p === `/v1/companies/${company}/employees`) {
      const page = Number(q.searchParams.get('page') ?? 1)
      const per = Number(q.searchParams.get('per') ?? 25)
      return { status: 200, body: employees.slice((page - 1) * per, page * per) }
    }
    if (method === 'GET' && p === `/v1/companies/${company}/time_off_policies`) return { status: 200, body: policies }
    if (method === 'GET' && p === `/v1/companies/${company}/pay_periods`) {
      const start = q.searchParams.get('start_date') ?? ''
      const end = q.searchParams.get('end_date') ?? '9999'
      return {
        status: 200,
        body: payPeriods.filter((pp) => String(pp.end_date) >= start && String(pp.start_date) <= end),
      }
    }
    if (method === 'POST' && p === `/v1/companies/${company}/time_tracking/time_sheets`) {
      const uuid = randomUUID()
      const sheet = stored(uuid, body)
      timeSheets.set(uuid, sheet)
      return { status: 201, body: sheet }
    }
    const sheetPath = /^\/v1\/time_tracking\/time_sheets\/([^/]+)$/.exec(p)
    if (sheetPath) {
      const found = timeSheets.get(sheetPath[1]!)
      if (!found) return notFound()
      if (method === 'DELETE') {
        timeSheets.delete(sheetPath[1]!)
        return { status: 204 }
      }
      if (method === 'PUT') {
        if (body.version !== found.version)
          return {
            status: 409,
            body: {
              errors: [
                { error_key: 'version', category: 'invalid_attribute_value', message: 'The version is not current' },
              ],
            },
          }
        const { version: _v, ...changes } = body
        const sheet = stored(sheetPath[1]!, { ...found, ...changes, entries: changes.entries ?? found.entries })
        timeSheets.set(sheetPath[1]!, sheet)
        return { status: 200, body: sheet }
      }
    }
    if (method === 'POST' && p === `/v1/companies/${company}/time_tracking/payroll_syncs`) {
      const sync = { uuid: randomUUID(), status: 'pending', company_uuid: company, ...body }
      payrollSyncs.push(sync)
      return { status: 201, body: sync }
    }
    const prep = new RegExp(`^/v1/companies/${company}/payrolls/([^/]+)/prepare$`).exec(p)
    if (prep && method === 'PUT') {
      const uuid = prep[1]!
      const current = payrolls.get(uuid) ?? { payroll_uuid: uuid, employee_compensations: [] }
      const comps = (body.employee_uuids as string[]).map((e) => ({
        employee_uuid: e,
        version: `v-${e.slice(0, 6)}-${randomUUID().slice(0, 8)}`,
        paid_time_off: [],
      }))
      const prepared = { ...current, payroll_uuid: uuid, processed: false, employee_compensations: comps }
      payrolls.set(uuid, prepared)
      return { status: 200, body: prepared }
    }
    const upd = new RegExp(`^/v1/companies/${company}/payrolls/([^/]+)$`).exec(p)
    if (upd && method === 'PUT') {
      const current = payrolls.get(upd[1]!)
      if (!current) return notFound()
      const known = current.employee_compensations as { employee_uuid: string; version: string }[]
      for (const c of body.employee_compensations as { employee_uuid: string; version?: string }[]) {
        const was = known.find((k) => k.employee_uuid === c.employee_uuid)
        if (!was || was.version !== c.version)
          return {
            status: 422,
            body: {
              errors: [
                {
                  error_key: 'employee_compensations',
                  category: 'invalid_attribute_value',
                  message: 'Prepare the payroll again: the version is not current',
                },
              ],
            },
          }
      }
      const updated = {
        ...current,
        employee_compensations: known.map((k) => ({
          ...k,
          ...(body.employee_compensations as { employee_uuid: string }[]).find(
            (c) => c.employee_uuid === k.employee_uuid,
          ),
        })),
      }
      payrolls.set(upd[1]!, updated)
      return { status: 200, body: updated }
    }
    return notFound()
  }
  const notFound = () => ({
    status: 404,
    body: {
      errors: [{ error_key: 'request', category: 'not_found', message: 'The requested resource was not found.' }],
    },
  })
  const stored = (uuid: string, body: any) => ({
    uuid,
    company_uuid: company,
    status: 'approved',
    entity_type: body.entity_type,
    entity_uuid: body.entity_uuid,
    ...(body.job_uuid ? { job_uuid: body.job_uuid } : {}),
    time_zone: body.time_zone,
    shift_started_at: body.shift_started_at,
    shift_ended_at: body.shift_ended_at,
    version: randomUUID().replace(/-/g, ''),
    metadata: body.metadata ?? {},
    synced_to_payroll_at: null,
    entries: (body.entries ?? []).map((e: { hours_worked: number | string; pay_classification: string }) => ({
      uuid: randomUUID(),
      hours_worked: Number(e.hours_worked).toFixed(3),
      pay_classification: e.pay_classification,
    })),
  })

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => (raw += c.toString()))
    req.on('end', () => {
      const method = req.method ?? 'GET'
      const path = req.url ?? '/'
      const body = raw ? JSON.parse(raw) : undefined
      const call = { method, path, headers: req.headers, body }
      calls.push(call)
      for (const v of gustoContractProblems(call)) violations.push(`${method} ${path}: ${v}`)
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers })
        res.end(payload === undefined ? undefined : JSON.stringify(payload))
      }
      const i = failures.findIndex((f) => f.method === method && f.path.test(path.split('?')[0]!))
      if (i >= 0) {
        const { failure } = failures.splice(i, 1)[0]!
        return send(failure.status, failure.body, failure.headers)
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        const e = GUSTO_ERRORS.expiredToken
        return send(e.status, e.body, e.headers)
      }
      const out = answer(method, path, body)
      send(out.status, out.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  return {
    url: `http://127.0.0.1:${port}`,
    company,
    calls,
    violations,
    employees,
    policies,
    payPeriods,
    timeSheets,
    payrollSyncs,
    payrolls,
    get token() {
      return token
    },
    /** A new token is the only one accepted from now on (the old one has expired). */
    rotateToken: (next: string) => {
      token = next
    },
    addEmployee: (e: { first_name: string; last_name: string; email: string | null }) => {
      const uuid = randomUUID()
      employees.push({
        uuid,
        ...e,
        company_uuid: company,
        terminated: false,
        jobs: [{ uuid: randomUUID(), primary: true, title: 'Staff' }],
      })
      return employees.at(-1) as { uuid: string; jobs: { uuid: string }[] }
    },
    addPolicy: (name: string, policyType: string) => {
      policies.push({
        uuid: randomUUID(),
        company_uuid: company,
        name,
        policy_type: policyType,
        is_active: true,
        accrual_method: 'unlimited',
        employees: [],
      })
      return policies.at(-1) as { uuid: string }
    },
    addPayPeriod: (start: string, end: string) => {
      const period = {
        start_date: start,
        end_date: end,
        pay_schedule_uuid: randomUUID(),
        payroll: { payroll_uuid: randomUUID(), processed: false, payroll_type: 'regular' },
      }
      payPeriods.push(period)
      return period
    },
    fail: (method: string, path: RegExp, failure: Failure) => failures.push({ method, path, failure }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type GustoDouble = Awaited<ReturnType<typeof startGustoDouble>>
