import { describe, expect, it } from 'vitest'
import {
  ApiScope,
  apiTokenMessages,
  bearerToken,
  isApiTokenShape,
  isTokenExpired,
  MAX_API_TOKENS,
  mayAddToken,
  scopeProblem,
} from './api-tokens.ts'
import { ApiTokenInput } from './api/tokens.ts'

const NOW = Date.parse('2026-11-28T12:00:00Z')

describe('scopes', () => {
  it('lets a token call a route only with the scope the route names', () => {
    expect(scopeProblem('timesheets:read', ['timesheets:read'])).toBeUndefined()
    expect(scopeProblem('timesheets:read', ['members:read', 'timesheets:read'])).toBeUndefined()
    expect(scopeProblem('timesheets:decide', ['timesheets:read'])).toBe(
      'This API token lacks the timesheets:decide scope',
    )
    expect(scopeProblem('time-off:read', [])).toBe(apiTokenMessages.missingScope('time-off:read'))
  })

  it('never lets a token call a route that names no scope, whatever it was granted', () => {
    expect(scopeProblem(undefined, [...ApiScope.options])).toBe('API tokens cannot be used for this request')
    expect(scopeProblem(undefined, [])).toBe(apiTokenMessages.notAllowed)
  })

  it('knows the six scopes only', () => {
    expect(ApiScope.options).toEqual([
      'timesheets:read',
      'timesheets:decide',
      'members:read',
      'payroll:read',
      'time-off:read',
      'time-off:decide',
    ])
    expect(ApiScope.safeParse('settings:write').error?.issues[0]?.message).toBe('Unknown scope')
  })
})

describe('the bearer header and the shape of a token', () => {
  const token = `mtk_${'A'.repeat(43)}`
  it('reads the token of an Authorization: Bearer header, in any case, with spaces around', () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token)
    expect(bearerToken(`bearer   ${token}  `)).toBe(token)
    expect(bearerToken(undefined)).toBeUndefined()
    expect(bearerToken(`Basic ${token}`)).toBeUndefined()
    expect(bearerToken(`Bearer ${token} extra`)).toBeUndefined()
    expect(bearerToken('Bearer')).toBeUndefined()
  })

  it('takes only the prefix and 43 url-safe characters', () => {
    expect(isApiTokenShape(token)).toBe(true)
    expect(isApiTokenShape(`mtk_${'a-_9'.repeat(10)}abc`)).toBe(true)
    expect(isApiTokenShape(`mtk_${'A'.repeat(42)}`)).toBe(false)
    expect(isApiTokenShape(`mtk_${'A'.repeat(44)}`)).toBe(false)
    expect(isApiTokenShape(`xtk_${'A'.repeat(43)}`)).toBe(false)
    expect(isApiTokenShape(`mtk_${'A'.repeat(42)}/`)).toBe(false)
  })
})

describe('expiry and the limit of live tokens', () => {
  it('expires a token at its expiry, never one without', () => {
    expect(isTokenExpired(null, NOW)).toBe(false)
    expect(isTokenExpired(undefined, NOW)).toBe(false)
    expect(isTokenExpired('2026-11-28T12:00:00.001Z', NOW)).toBe(false)
    expect(isTokenExpired('2026-11-28T12:00:00.000Z', NOW)).toBe(true)
    expect(isTokenExpired('2026-11-28T11:59:59.999Z', NOW)).toBe(true)
  })

  it(`allows one more token below ${MAX_API_TOKENS} live ones, counting no expired one`, () => {
    const live = (n: number) => Array.from({ length: n }, () => ({ expiresAt: null }))
    const expired = { expiresAt: '2026-11-01T00:00:00.000Z' }
    expect(mayAddToken([], NOW)).toBe(true)
    expect(mayAddToken(live(MAX_API_TOKENS - 1), NOW)).toBe(true)
    expect(mayAddToken(live(MAX_API_TOKENS), NOW)).toBe(false)
    expect(mayAddToken([...live(MAX_API_TOKENS - 1), expired, expired], NOW)).toBe(true)
    expect(mayAddToken([...live(MAX_API_TOKENS - 1), { expiresAt: '2027-01-01T00:00:00.000Z' }], NOW)).toBe(false)
  })

  it('takes an optional expiry in the future with its offset, kept in UTC; refuses the past and a plain date', () => {
    const base = { name: 'Sync', scopes: ['timesheets:read'] }
    const future = new Date(Date.now() + 86400_000)
    const zoned = future.toISOString().replace('Z', '+00:00')
    expect(ApiTokenInput.parse({ ...base, expiresAt: zoned }).expiresAt).toBe(future.toISOString())
    expect(ApiTokenInput.parse(base).expiresAt).toBeUndefined()
    expect(ApiTokenInput.parse({ ...base, expiresAt: null }).expiresAt).toBeNull()
    const message = (expiresAt: unknown) => ApiTokenInput.safeParse({ ...base, expiresAt }).error?.issues[0]?.message
    expect(message('2020-01-01T00:00:00Z')).toBe(apiTokenMessages.expiryPast)
    expect(message('2030-01-01')).toBe(apiTokenMessages.expiryInvalid)
    expect(message(42)).toBe(apiTokenMessages.expiryInvalid)
  })
})
