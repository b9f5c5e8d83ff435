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
    expect(
      [
        errors.unauthorized(),
        errors.unauthorized('Signed out'),
        errors.paymentRequired('Pay'),
        errors.forbidden(),
        errors.forbidden('No'),
        errors.notFound('timesheet'),
        errors.conflict('Stale'),
        errors.tooManyRequests('Slow down'),
        errors.unavailable('Later'),
      ].map((e) => [e.status, e.code, e.message]),
    ).toEqual([
      [401, 'unauthorized', 'Unauthorized'],
      [401, 'unauthorized', 'Signed out'],
      [402, 'payment_required', 'Pay'],
      [403, 'forbidden', 'Forbidden'],
      [403, 'forbidden', 'No'],
      [404, 'not_found', 'Timesheet not found'],
      [409, 'conflict', 'Stale'],
      [429, 'too_many_requests', 'Slow down'],
      [503, 'unavailable', 'Later'],
    ])
  })
})
