import { describe, expect, it } from 'vitest'
import type { Route } from '@app/functions'
import { routeMatcher } from './api-gateway.ts'

const route = (method: 'GET' | 'POST', path: string): Route => ({
  method,
  path,
  auth: 'public',
  uses: ['table'],
  hasBody: false,
  acceptsEmptyBody: true,
  lambda: async () => ({}),
})

describe('routeMatcher', () => {
  const match = routeMatcher([
    route('GET', '/api/timesheets/{id}/download-csv'),
    route('POST', '/api/timesheets/{id}/submit'),
  ])

  it('matches path templates and decodes their parameters', () => {
    const found = match('GET', '/api/timesheets/42/download-csv')
    expect(found).toMatchObject({ pathParameters: { id: '42' } })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(match('POST', '/api/timesheets/42/download-csv')).toBe('method-not-allowed')
    expect(match('GET', '/api/nothing')).toBeUndefined()
  })

  it('answers a malformed percent-escape as a bad path instead of throwing', () => {
    expect(match('GET', '/api/timesheets/%/download-csv')).toBe('bad-path')
    expect(match('POST', '/api/timesheets/%E0%A4%A/submit')).toBe('bad-path')
  })
})
