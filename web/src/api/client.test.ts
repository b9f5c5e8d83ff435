import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import { mockFetch } from '../../test/fetch-mock.ts'
import {
  ApiError,
  apiJson,
  apiRequest,
  errorFields,
  errorMessage,
  getQueryFn,
  isUnauthorizedError,
  NetworkError,
} from './client.ts'

afterEach(() => vi.unstubAllGlobals())

describe('apiRequest', () => {
  it('raises non-2xx answers as "{status}: {body}"', async () => {
    mockFetch({ 'GET /api/thing': { status: 403, body: { message: 'Only supervisors can do this' } } })
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow('403: {"message":"Only supervisors can do this"}')
  })

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' })),
    )
    await expect(apiRequest('GET', '/api/thing')).rejects.toThrow(/^500: Internal Server Error$/)
  })

  it('sends credentials always and JSON with every non-GET request', async () => {
    const fetch = mockFetch({ 'GET /api/thing': { body: {} }, 'DELETE /api/thing': { status: 204 } })
    await apiRequest('GET', '/api/thing')
    await apiRequest('DELETE', '/api/thing')
    const [, get] = fetch.mock.calls[0]!
    const [, del] = fetch.mock.calls[1]!
    expect(get).toMatchObject({ method: 'GET', credentials: 'include' })
    expect(get?.headers).toBeUndefined()
    expect(del).toMatchObject({
      method: 'DELETE',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
  })

  it('turns a failed fetch into a NetworkError with the connection message', async () => {
    mockFetch({ 'POST /api/thing': { networkError: true } })
    const error = await apiRequest('POST', '/api/thing', { a: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(errorMessage(error, 'fallback')).toBe('Unable to connect to the server. Please try again.')
  })

  it('is a NetworkError at once, with no call made, when the browser says it is offline', async () => {
    const fetch = mockFetch({ 'GET /api/thing': { body: {} } })
    vi.stubGlobal('navigator', { onLine: false })
    const error = await apiRequest('GET', '/api/thing').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(fetch).not.toHaveBeenCalled()
    vi.stubGlobal('navigator', { onLine: true })
    await expect(apiJson('GET', '/api/thing')).resolves.toEqual({})
  })

  it('apiJson reads the JSON body, and null for an empty one', async () => {
    mockFetch({ 'POST /api/a': { body: { ok: 1 } }, 'POST /api/b': { status: 204 } })
    await expect(apiJson('POST', '/api/a', {})).resolves.toEqual({ ok: 1 })
    await expect(apiJson('POST', '/api/b', {})).resolves.toBeNull()
  })
})

describe('isUnauthorizedError', () => {
  it('matches "401: ...Unauthorized" only', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true)
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true)
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid username or password"}'))).toBe(false)
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false)
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false)
  })
})

describe('errorMessage and errorFields', () => {
  const error = (status: number, body: string) => new ApiError(status, body, 'Status')

  it('reads the message of a JSON error body', () => {
    expect(errorMessage(error(401, '{"message":"Invalid username or password"}'), 'fallback')).toBe(
      'Invalid username or password',
    )
  })

  it('reads plain Error messages in the "{status}: {body}" form too', () => {
    expect(errorMessage(new Error('409: {"message":"Already approved"}'), 'fallback')).toBe('Already approved')
  })

  it('falls back for empty, message-less or HTML bodies and for non-errors', () => {
    expect(errorMessage(error(500, ''), 'fallback')).toBe('fallback')
    expect(errorMessage(error(500, '{"error":"x"}'), 'fallback')).toBe('fallback')
    expect(errorMessage(error(502, '<html>Bad gateway</html>'), 'fallback')).toBe('fallback')
    expect(errorMessage('nope', 'fallback')).toBe('fallback')
  })

  it('shows a short plain-text body', () => {
    expect(errorMessage(error(503, 'Billing is not configured'), 'fallback')).toBe('Billing is not configured')
  })

  it('reads the field messages of a 400', () => {
    const e = error(400, '{"message":"Invalid input","fields":{"username":"Too short","n":1}}')
    expect(errorFields(e)).toEqual({ username: 'Too short' })
    expect(errorFields(error(400, 'not json'))).toEqual({})
  })
})

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw') =>
    new QueryClient().fetchQuery({ queryKey: ['/api/auth/user'], queryFn: getQueryFn({ on401 }), retry: false })

  it('uses the first query key as the URL', async () => {
    const fetch = mockFetch({ 'GET /api/auth/user': { body: { id: 'u1' } } })
    await expect(run('throw')).resolves.toEqual({ id: 'u1' })
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/auth/user')
  })

  it('answers null for a 401 when asked to, and raises it otherwise', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } })
    await expect(run('returnNull')).resolves.toBeNull()
    await expect(run('throw')).rejects.toThrow('401: {"message":"Unauthorized"}')
  })

  it('answers a signed-out session check without asking for the errors catalogue', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } })
    const load = vi.spyOn(i18next, 'loadNamespaces')
    try {
      await expect(run('returnNull')).resolves.toBeNull()
      expect(load).not.toHaveBeenCalled()
      await expect(run('throw')).rejects.toThrow(/^401: /)
      expect(load).toHaveBeenCalledWith('errors')
    } finally {
      load.mockRestore()
    }
  })

  it('still raises other failures when 401 means null', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 500, body: { message: 'Internal server error' } } })
    await expect(run('returnNull')).rejects.toThrow(/^500: /)
  })
})
