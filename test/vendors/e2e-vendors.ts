import { startGustoDouble } from '../../packages/adapters/test/gusto-double.ts'
import { sendJson, startOAuthDouble } from './oauth-double.ts'
import { doublePerson, startPlanningCenterDouble } from './planning-center-double.ts'
import { PAY_TYPES, startQuickbooksDouble } from './quickbooks-double.ts'

/**
 * The vendors the browser tests' stack talks to: local doubles (test fixtures), started beside the
 * stack before it, so its settings and `<VENDOR>_BASE_URL` point at them from the start (the stack's
 * handlers read the environment it was started with). The doubles' people, classes and policies are
 * fixed: a browser test matches its fresh members to them with the pickers.
 */
export const E2E_QUICKBOOKS = {
  employees: [
    { Id: '55', GivenName: 'Dana', FamilyName: 'Reyes', email: 'dana.reyes@books.example' },
    { Id: '56', GivenName: 'Eli', FamilyName: 'Moss' },
  ],
  classes: [
    { Id: '7', Name: 'General Fund' },
    { Id: '8', Name: 'Youth Grant' },
  ],
  // The company has QuickBooks Payroll: its pay types.
  payTypes: [PAY_TYPES.regular, PAY_TYPES.overtime],
}

export const E2E_GUSTO = {
  employees: [
    { first_name: 'Rosa', last_name: 'Vega', email: 'rosa.vega@payroll.example' },
    { first_name: 'Sam', last_name: 'Ortiz', email: null },
  ],
  policies: [
    { name: 'Vacation', type: 'vacation' },
    { name: 'Sick leave', type: 'sick' },
  ],
}

/** Planning Center People's lists (a personal access token connects: PAT in planning-center-double.ts). */
export const E2E_PLANNING_CENTER = {
  campuses: [],
  lists: [
    { id: '601', name: 'Church Staff', people: ['8101', '8102'] },
    { id: '602', name: 'Volunteers', people: ['8103'] },
  ],
  people: [
    doublePerson('8101', 'Marta', 'Quispe', 'marta.quispe@people.example'),
    doublePerson('8102', 'Joel', 'Baptiste', 'joel.baptiste@people.example'),
    doublePerson('8103', 'Teo', 'Vargas', 'teo.vargas@people.example'),
  ],
}

const GUSTO_CLIENT = { id: 'gusto-client', secret: 'gusto-secret' }

/**
 * Gusto on one host, as GUSTO_BASE_URL wants it: its authorization server (oauth-double.ts, the
 * form client authentication Gusto's OAuth uses) in front of its API (gusto-double.ts). A call with
 * a token the authorization server issued reaches the API double as its own token; any other is
 * Gusto's 401. The company's pay schedule has a pay period for whatever dates the send asks about
 * (a browser test's period is of the weeks before today).
 */
const startGustoOnOneHost = async () => {
  const gusto = await startGustoDouble()
  for (const e of E2E_GUSTO.employees) gusto.addEmployee(e)
  for (const p of E2E_GUSTO.policies) gusto.addPolicy(p.name, p.type)
  const oauth = await startOAuthDouble({
    clientId: GUSTO_CLIENT.id,
    clientSecret: GUSTO_CLIENT.secret,
    clientAuth: 'post',
    api: async (req, grant, res) => {
      if (!req.path.startsWith('/v1/')) return false
      if (!grant) {
        sendJson(res, 401, { error: 'invalid_token', error_description: 'The access token expired' })
        return
      }
      const start = req.query.get('start_date')
      const end = req.query.get('end_date')
      if (req.path.endsWith('/pay_periods') && start && end) {
        if (!gusto.payPeriods.some((p) => p.start_date === start && p.end_date === end)) gusto.addPayPeriod(start, end)
      }
      const query = req.query.toString()
      const answer = await fetch(`${gusto.url}${req.path}${query ? `?${query}` : ''}`, {
        method: req.method,
        headers: {
          authorization: `Bearer ${gusto.token}`,
          ...Object.fromEntries(
            ['content-type', 'accept', 'x-gusto-api-version'].flatMap((h) => {
              const value = req.headers[h]
              return typeof value === 'string' ? [[h, value]] : []
            }),
          ),
        },
        body: req.body || undefined,
      })
      const text = await answer.text()
      res.writeHead(answer.status, text ? { 'content-type': 'application/json' } : {})
      res.end(text || undefined)
    },
  })
  return {
    env: {
      GUSTO_CLIENT_ID: GUSTO_CLIENT.id,
      GUSTO_CLIENT_SECRET: GUSTO_CLIENT.secret,
      GUSTO_ENVIRONMENT: 'demo',
      GUSTO_BASE_URL: oauth.base,
    },
    stop: async () => {
      await oauth.stop()
      await gusto.close()
    },
  }
}

export const startE2eVendors = async () => {
  const quickbooks = await startQuickbooksDouble(E2E_QUICKBOOKS)
  const gusto = await startGustoOnOneHost()
  const planningCenter = await startPlanningCenterDouble(E2E_PLANNING_CENTER)
  return {
    env: { ...quickbooks.settings, ...gusto.env, PLANNING_CENTER_BASE_URL: planningCenter.base },
    stop: async () => {
      await quickbooks.stop()
      await gusto.stop()
      await planningCenter.stop()
    },
  }
}
