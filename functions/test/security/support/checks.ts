import { expect } from 'vitest'
import englishErrors from '@app/i18n/locales/en/errors.json' with { type: 'json' }

export interface Answer {
  status: number
  headers: Record<string, unknown>
  text: string
  json: any
}

/** What must never reach a caller: stack frames, file paths, internal error names, table keys, emulators. */
const INTERNALS: RegExp[] = [
  /\n\s+at\s+\S/,
  /node_modules/,
  /\.(ts|js|mjs|cjs):\d+/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|ZodError|AppError|URIError)\b/,
  /\b(ORG|USER|SESSION|WEEK|COUNTER|STATS|USERNAME|OUTBOX|AUTHREQ|LINKUSED)#/,
  /ConditionalCheckFailed|TransactionCanceled|ValidationException|ResourceNotFoundException|ProvisionedThroughput/,
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|dynamodb|s3rver|cognito-local|StripeConnectionError/i,
  /Internal server error/i,
]

export const leaksInternals = (text: string) => INTERNALS.find((re) => re.test(text))

/** The caller's own input, as typed and as the pages escape it, is not ours to judge: it is taken out first. */
const withoutInputs = (text: string, inputs: string[]) => {
  let out = text
  for (const input of inputs.filter((i) => i.length > 2)) {
    const escaped = input.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    out = out.split(input).join('').split(escaped).join('')
  }
  return out
}

/**
 * Payroll refusals name the members to act on: a close's `blockers`, an export's
 * `members` without a payroll id. Only ids and names, nothing internal.
 */
const isPeopleList = (key: string, value: unknown) =>
  (key === 'blockers' || key === 'members') &&
  Array.isArray(value) &&
  value.every(
    (p) =>
      p &&
      typeof p === 'object' &&
      Object.keys(p).sort().join() === 'employeeId,firstName,lastName' &&
      Object.values(p).every((v) => typeof v === 'string'),
  )

const isHtml = (res: Answer) => String(res.headers['content-type'] ?? '').startsWith('text/html')

/**
 * A refusal a person can read: a 4xx whose JSON body is `{ message }` (plus `fields` for
 * validation), or, for the browser pages, an HTML page with a heading; never anything internal.
 */
export const expectCleanRefusal = (res: Answer, context: string, inputs: string[] = []) => {
  expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBeLessThan(500)
  expectNothingInternal(res, context, inputs)
  if (isHtml(res)) {
    expect(res.text, context).toMatch(/<h1>[^<]+<\/h1>/)
    return
  }
  expect(res.headers['content-type'], context).toBe('application/json')
  expect(typeof res.json?.message, `${context}: ${res.text.slice(0, 300)}`).toBe('string')
  expect(res.json.message.length, context).toBeGreaterThan(0)
  expect(res.json.message.length, context).toBeLessThan(400)
  const allowed = new Set(['message', 'key', 'params', 'fields', 'fieldKeys'])
  // A conflict may name what it conflicts with by id (the export already running).
  const isConflictId = (k: string) => k === 'id' && res.status === 409 && typeof res.json.id === 'string'
  expect(
    Object.keys(res.json).filter((k) => !allowed.has(k) && !isPeopleList(k, res.json[k]) && !isConflictId(k)),
    context,
  ).toEqual([])
  if (res.json.fields !== undefined) {
    for (const v of Object.values(res.json.fields)) expect(typeof v, context).toBe('string')
  }
  // The messages' codes name texts of the errors catalogue, with plain string values.
  const codes = [res.json, ...Object.values((res.json.fieldKeys ?? {}) as Record<string, unknown>)] as {
    key?: unknown
    params?: Record<string, unknown>
  }[]
  for (const code of codes) {
    if (code.key !== undefined)
      expect(englishErrors, `${context}: ${String(code.key)}`).toHaveProperty([String(code.key)])
    for (const v of Object.values(code.params ?? {})) expect(typeof v, context).toBe('string')
  }
}

export const expectNothingInternal = (res: Answer, context: string, inputs: string[] = []) => {
  const found = leaksInternals(withoutInputs(res.text, inputs))
  expect(found, `${context}: the body says something internal (${found}): ${res.text.slice(0, 300)}`).toBeUndefined()
}

/** 503 with the one plain message for a dependency that is down or busy. */
export const expectUnavailable = (res: Answer, context: string) => {
  expect(res.status, `${context}: ${res.text.slice(0, 300)}`).toBe(503)
  expect(res.json?.message, context).toBeTruthy()
  expectNothingInternal(res, context)
}
