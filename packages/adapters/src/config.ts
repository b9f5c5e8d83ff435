import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Configuration read lazily from the environment, so importing a module does no work
 * (the CDK app and the local server import every route).
 *
 * On Lambda each function has its own process and environment. The local stack runs every
 * function in one process, so it runs each invocation inside `withEnvironment` with that
 * function's variables (what the template gives it): a variable the function does not get reads
 * as undefined, as on AWS, even while other invocations with other variables run concurrently.
 * Outside such a run (Lambda itself, scripts, tests calling a handler) it is process.env.
 */
const invocation = new AsyncLocalStorage<{ env: Readonly<Record<string, string | undefined>> }>()

export const withEnvironment = <T>(env: Readonly<Record<string, string | undefined>>, fn: () => T): T =>
  invocation.run({ env }, fn)

/**
 * What is the running invocation's own in the local stack (one object each `withEnvironment` run),
 * where Lambda would give it a process of its own; undefined outside such a run.
 */
export const invocationScope = (): object | undefined => invocation.getStore()

/** One variable of the running function's environment; empty reads as unset. */
export const read = (name: string): string | undefined => {
  const v = (invocation.getStore()?.env ?? process.env)[name]
  return v === undefined || v === '' ? undefined : v
}

export const need = (name: string): string => {
  const v = read(name)
  if (v === undefined) throw new Error(`Missing configuration: ${name}`)
  return v
}

/** The settings a function cannot run without, each by the variable it is read from. */
const required = {
  tableName: 'TABLE_NAME',
  appOrigin: 'APP_ORIGIN',
  staffPoolId: 'STAFF_USER_POOL_ID',
  staffClientId: 'STAFF_USER_POOL_CLIENT_ID',
  exportsBucket: 'EXPORTS_BUCKET',
  logosBucket: 'LOGOS_BUCKET',
  mailFrom: 'MAIL_FROM',
} as const

const settings = {
  get region() {
    return read('AWS_REGION') ?? 'us-east-1'
  },
  /** Local emulator endpoints; absent on AWS. */
  endpoint(service: 'dynamodb' | 's3' | 'ses' | 'cognito'): string | undefined {
    return read(`${service.toUpperCase()}_ENDPOINT`)
  },
  get oidc() {
    return {
      issuer: need('OIDC_ISSUER'),
      clientId: need('OIDC_CLIENT_ID'),
      allowInsecure: read('OIDC_ALLOW_INSECURE') === 'true',
    }
  },
  /** STRIPE_PUBLISHABLE_KEY, when set (the browser's key; no secret). */
  get stripePublishableKey() {
    return read('STRIPE_PUBLISHABLE_KEY')
  },
  /** The weeks a timesheet may be saved for, around this week: a year back and four weeks ahead unless set. */
  get timesheetWeeks() {
    return { back: Number(read('TIMESHEET_WEEKS_BACK') ?? 52), ahead: Number(read('TIMESHEET_WEEKS_AHEAD') ?? 4) }
  },
  /** The secret header value CloudFront sends the API (AWS only; unset locally, where nothing checks it). */
  get originVerify() {
    return read('ORIGIN_VERIFY')
  },
  get isLocal() {
    return (
      read('APP_ORIGIN')?.startsWith('http://127.0.0.1') || read('APP_ORIGIN')?.startsWith('http://localhost') || false
    )
  },
}

/** Every setting is a getter, so each read sees the running invocation's environment. */
export const config = Object.defineProperties(
  settings,
  Object.fromEntries(Object.entries(required).map(([key, name]) => [key, { get: () => need(name), enumerable: true }])),
) as typeof settings & { readonly [K in keyof typeof required]: string }
