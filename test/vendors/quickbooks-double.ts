import type { ServerResponse } from 'node:http'
import { sendJson, startOAuthDouble, type Recorded } from './oauth-double.ts'
import {
  EmployerCompensationsAnswer,
  EmployerCompensationsRequest,
  GraphqlErrors,
  TimeActivityRequest,
} from './quickbooks-schema.ts'

/**
 * A double of QuickBooks Online (a test fixture): Intuit's authorization server (oauth-double.ts)
 * and the Accounting API parts we use, answering with Intuit's documented shapes: the query
 * endpoint for Employee and Class, TimeActivity create / update (full or sparse) / delete with SyncToken
 * checks, 401 (AUTHENTICATION fault) for an expired token, 400 ValidationFault for a request that
 * does not pass Intuit's TimeActivity entity (quickbooks-schema.ts), and a 429 on demand. Every
 * TimeActivity request is checked against the schema; `contractProblems` lists any that failed.
 * Beside it, the Payroll and Time GraphQL API's `POST /graphql` answers the employer's pay types
 * (`payTypes`), or, as `payroll(...)` sets it, GraphQL's errors for a company without QuickBooks
 * Payroll (HTTP 200) or a 401; each request is checked against the documented query.
 */
export const REALM = '9130355'
/** QuickBooks' answer to a request without a valid access token. */
export const authenticationFault = {
  fault: {
    error: [
      {
        message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
        detail: 'Token expired',
        code: '3200',
      },
    ],
    type: 'AUTHENTICATION',
  },
}
const meta = () => ({ CreateTime: new Date().toISOString(), LastUpdatedTime: new Date().toISOString() })
const fault = (res: ServerResponse, status: number, type: string, Message: string, Detail: string, code: string) =>
  sendJson(res, status, { Fault: { Error: [{ Message, Detail, code }], type }, time: new Date().toISOString() })

/** What the GraphQL API answers a pay types query: the list, GraphQL's errors (no QuickBooks Payroll), a 401, or an outage (503). */
export type PayrollMode = 'payroll' | 'no-payroll' | 'unauthorized' | 'outage'

/** GraphQL's answer for a company without QuickBooks Payroll (the message is the fixture's own). */
export const noPayrollErrors = {
  errors: [{ message: 'This company does not use QuickBooks Payroll', extensions: {} }],
}

/** Pay types of a company with QuickBooks Payroll, for the tests and the browser tests' stack to give the double. */
export const PAY_TYPES = {
  regular: { id: '14594495', name: 'Regular Pay', type: 'HOURLY_PAY' },
  overtime: { id: '14594496', name: 'Overtime Pay', type: 'OVERTIME_PAY' },
  vacation: { id: '14594497', name: 'Vacation Pay', type: 'VACATION_PAY' },
  salary: { id: '14594506', name: 'Salary', type: 'SALARY' },
}

export const startQuickbooksDouble = async (data: {
  employees: { Id: string; GivenName: string; FamilyName: string; email?: string }[]
  classes: { Id: string; Name: string }[]
  /** The employer's pay types (QuickBooks Payroll's compensations); none given: a company without QuickBooks Payroll. */
  payTypes?: { id: string; name: string; type: string }[]
}) => {
  const payTypes = [...(data.payTypes ?? [])]
  let payrollMode: PayrollMode = data.payTypes ? 'payroll' : 'no-payroll'
  const graphqlRequests: Recorded[] = []
  const activities = new Map<string, Record<string, unknown> & { Id: string; SyncToken: string }>()
  const contractProblems: string[] = []
  const activityRequests: Recorded[] = []
  let next = 100
  let tooMany = 0
  let dropAnswers = 0
  /** Intuit's `requestid`: a request sent again with the same id gets the first answer, and changes nothing. */
  const answered = new Map<string, { status: number; body: unknown }>()

  const double = await startOAuthDouble({
    clientId: 'qb-client',
    clientSecret: 'qb-secret',
    clientAuth: 'basic',
    consentExtras: { realmId: REALM },
    api: (req, grant, res) => {
      if (req.path === '/graphql') {
        if (req.method !== 'POST') return false
        graphqlRequests.push(req)
        if (!grant || payrollMode === 'unauthorized') return sendJson(res, 401, authenticationFault)
        if (payrollMode === 'outage')
          return sendJson(res, 503, { errors: [{ message: 'Service Unavailable', extensions: {} }] })
        let body: unknown
        try {
          body = JSON.parse(req.body)
        } catch {
          body = null
        }
        const checked = EmployerCompensationsRequest.safeParse(body)
        if (!checked.success) {
          contractProblems.push(checked.error.message)
          return sendJson(res, 200, { errors: [{ message: checked.error.issues[0]!.message, extensions: {} }] })
        }
        if (payrollMode === 'no-payroll') return sendJson(res, 200, GraphqlErrors.parse(noPayrollErrors))
        const answer = {
          data: {
            payrollEmployerInfo: {
              employerCompensations: {
                edges: payTypes.map((p) => ({
                  node: {
                    id: p.id,
                    alternateIds: [{ id: `djQuMTo5MTMwMzU1:${p.id}` }],
                    name: p.name,
                    type: { key: p.type, value: p.type, description: p.type },
                  },
                })),
              },
            },
          },
        }
        return sendJson(res, 200, EmployerCompensationsAnswer.parse(answer))
      }
      const prefix = `/v3/company/${REALM}/`
      if (!req.path.startsWith(prefix)) return false
      if (!grant) {
        sendJson(res, 401, authenticationFault)
        return
      }
      const what = req.path.slice(prefix.length)
      if (req.method === 'GET' && what === 'query') {
        const entity = /from (\w+)/i.exec(req.query.get('query') ?? '')?.[1]
        const rows =
          entity === 'Employee'
            ? data.employees.map((e) => ({
                Id: e.Id,
                SyncToken: '0',
                GivenName: e.GivenName,
                FamilyName: e.FamilyName,
                DisplayName: `${e.GivenName} ${e.FamilyName}`,
                ...(e.email ? { PrimaryEmailAddr: { Address: e.email } } : {}),
                Active: true,
                domain: 'QBO',
                sparse: false,
                MetaData: meta(),
              }))
            : entity === 'Class'
              ? data.classes.map((c) => ({
                  Id: c.Id,
                  SyncToken: '0',
                  Name: c.Name,
                  FullyQualifiedName: c.Name,
                  SubClass: false,
                  Active: true,
                  domain: 'QBO',
                  sparse: false,
                  MetaData: meta(),
                }))
              : []
        sendJson(res, 200, { QueryResponse: { [entity ?? 'Unknown']: rows }, time: new Date().toISOString() })
        return
      }
      if (req.method === 'POST' && what === 'timeactivity') {
        activityRequests.push(req)
        if (tooMany > 0) {
          tooMany--
          sendJson(
            res,
            429,
            {
              Fault: {
                Error: [{ Message: 'ThrottleExceeded', Detail: 'Too many requests', code: '003001' }],
                type: 'SERVICE',
              },
              time: new Date().toISOString(),
            },
            { 'retry-after': '30' },
          )
          return
        }
        const requestId = req.query.get('requestid')
        const replay = requestId ? answered.get(requestId) : undefined
        if (replay) return sendJson(res, replay.status, replay.body)
        /** The answer, kept under its requestid; lost on the way back while `dropAnswers` lasts (the change is made). */
        const reply = (status: number, payload: unknown) => {
          if (requestId) answered.set(requestId, { status, body: payload })
          if (dropAnswers > 0) {
            dropAnswers--
            res.socket?.destroy()
            return
          }
          sendJson(res, status, payload)
        }
        const body = JSON.parse(req.body) as Record<string, unknown>
        const operation = req.query.get('operation')
        // A change names a record by Id and its current SyncToken; anything else is stale, as Intuit answers.
        const stale = () =>
          fault(
            res,
            400,
            'ValidationFault',
            'Stale Object Error',
            'You and another user were working on the same thing.',
            '5010',
          )
        if (operation === 'delete') {
          const known = activities.get(String(body.Id))
          if (!known || known.SyncToken !== body.SyncToken) return stale()
          activities.delete(known.Id)
          reply(200, { TimeActivity: { ...known, status: 'Deleted' }, time: new Date().toISOString() })
          return
        }
        const checked = TimeActivityRequest.safeParse(body)
        if (!checked.success) {
          contractProblems.push(checked.error.message)
          return fault(
            res,
            400,
            'ValidationFault',
            'Request has invalid or unsupported property',
            checked.error.issues[0]!.message,
            '2010',
          )
        }
        if (body.Id !== undefined) {
          const known = activities.get(String(body.Id))
          if (!known || known.SyncToken !== body.SyncToken) return stale()
          // Intuit's update: sparse changes only the fields sent; a full one (sparse false or
          // absent) replaces the record, clearing every writable field the body leaves out.
          const { sparse, ...changes } = body
          const kept = sparse === true ? known : { Id: known.Id, SyncToken: known.SyncToken }
          const updated = { ...kept, ...changes, SyncToken: String(Number(known.SyncToken) + 1) }
          activities.set(known.Id, updated)
          reply(200, {
            TimeActivity: { ...updated, domain: 'QBO', sparse: false, MetaData: meta() },
            time: new Date().toISOString(),
          })
          return
        }
        const created = { ...body, Id: String(next++), SyncToken: '0' }
        activities.set(created.Id, created)
        reply(200, {
          TimeActivity: { ...created, domain: 'QBO', sparse: false, MetaData: meta() },
          time: new Date().toISOString(),
        })
        return
      }
      return false
    },
  })
  return {
    ...double,
    activities,
    activityRequests,
    contractProblems,
    graphqlRequests,
    /** The employer's pay types the GraphQL API lists (change it to add or remove one). */
    payTypes,
    /** What the GraphQL API answers from now on. */
    payroll: (mode: PayrollMode) => (payrollMode = mode),
    /** The next `n` TimeActivity requests answer 429 with Retry-After: 30. */
    throttleNext: (n: number) => (tooMany = n),
    /** The next `n` TimeActivity changes are made, but their answers are lost (the connection drops). */
    dropAnswersNext: (n: number) => (dropAnswers = n),
    settings: {
      QUICKBOOKS_CLIENT_ID: 'qb-client',
      QUICKBOOKS_CLIENT_SECRET: 'qb-secret',
      QUICKBOOKS_ENVIRONMENT: 'sandbox',
      QUICKBOOKS_BASE_URL: double.base,
    },
  }
}
export type QuickbooksDouble = Awaited<ReturnType<typeof startQuickbooksDouble>>
