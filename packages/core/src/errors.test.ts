import { describe, expect, it } from 'vitest'
import * as errors from './errors.ts'

describe('errors', () => {
  it('carries the status, code, message and fields the HTTP layer answers with', () => {
    const e = errors.badRequest('Bad', { name: 'Name is required' })
    expect(e).toBeInstanceOf(Error)
    expect(e).toBeInstanceOf(errors.AppError)
    expect([e.name, e.status, e.code, e.message, e.fields]).toEqual([
      'AppError',
      400,
      'bad_request',
      'Bad',
      { name: 'Name is required' },
    ])
    expect(errors.badRequest('Bad').fields).toBeUndefined()
  })

  it('has one constructor per status', () => {
    const made: [errors.AppError, number, string, string][] = [
      [errors.unauthorized(), 401, 'unauthorized', 'Unauthorized'],
      [errors.unauthorized('Signed out'), 401, 'unauthorized', 'Signed out'],
      [errors.paymentRequired('Pay'), 402, 'payment_required', 'Pay'],
      [errors.forbidden(), 403, 'forbidden', 'Forbidden'],
      [errors.forbidden('No'), 403, 'forbidden', 'No'],
      [errors.notFound('timesheet'), 404, 'not_found', 'Timesheet not found'],
      [errors.conflict('Stale'), 409, 'conflict', 'Stale'],
      [errors.tooManyRequests('Slow down'), 429, 'too_many_requests', 'Slow down'],
      [errors.unavailable('Later'), 503, 'unavailable', 'Later'],
    ]
    for (const [e, status, code, message] of made)
      expect([e.status, e.code, e.message]).toEqual([status, code, message])
  })
})
