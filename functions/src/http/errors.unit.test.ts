import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  conflict,
  forbidden,
  kioskPeriodClosedMessage,
  messages,
  notFound,
  paymentRequired,
  periodClosedMessage,
  UpdateOwnUserBody,
} from '@app/core'
import { NewMember } from '@app/core'
import { toErrorResponse } from './errors.ts'

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('boom'), { name }, extra)

describe('toErrorResponse', () => {
  it('answers our own errors with their status and message', () => {
    expect(toErrorResponse(conflict('Taken'))).toEqual({ status: 409, body: { message: 'Taken' } })
  })

  it('answers validation errors with 400 and field messages', () => {
    const result = z.object({ a: z.string('A is required') }).safeParse({})
    expect(toErrorResponse(result.error)).toEqual({
      status: 400,
      body: {
        message: 'A is required',
        fields: { a: 'A is required' },
        // Any 'X is required' has a code: the field's name travels as its value.
        key: 'fieldRequired',
        params: { label: 'A' },
        fieldKeys: { a: { key: 'fieldRequired', params: { label: 'A' } } },
      },
    })
  })

  it('adds the code of a message the errors catalogue knows, with the values of a message that has them', () => {
    expect(toErrorResponse(forbidden(messages.supervisorsOnly)).body).toEqual({
      message: 'Only supervisors can do this',
      key: 'supervisorsOnly',
    })
    expect(toErrorResponse(notFound('member')).body).toEqual({ message: 'Member not found', key: 'memberNotFound' })
    expect(
      toErrorResponse(
        paymentRequired('Your Starter plan allows up to 10 members. Upgrade to Professional to add more.'),
      ).body,
    ).toEqual({
      message: 'Your Starter plan allows up to 10 members. Upgrade to Professional to add more.',
      key: 'memberLimit',
      params: { plan: 'Starter', limit: '10', next: 'Professional' },
    })
  })

  it("names a closed pay period's dates in its 409, with them as values the web says in the reader's language", () => {
    const period = { start: '2026-11-16', end: '2026-11-29' }
    const params = { start: 'Monday, Nov 16, 2026', end: 'Sunday, Nov 29, 2026' }
    expect(toErrorResponse(conflict(periodClosedMessage(period)))).toEqual({
      status: 409,
      body: {
        message: 'The pay period Monday, Nov 16, 2026 to Sunday, Nov 29, 2026 is closed',
        key: 'periodClosedNamed',
        params,
      },
    })
    expect(toErrorResponse(conflict(kioskPeriodClosedMessage(period))).body).toEqual({
      message:
        'The pay period Monday, Nov 16, 2026 to Sunday, Nov 29, 2026 is closed; ask a supervisor to reopen it if your time must change',
      key: 'kioskPeriodClosed',
      params,
    })
    // A period reopened at that very moment is no longer named by any lock: the bare words.
    expect(toErrorResponse(conflict(periodClosedMessage(undefined))).body).toEqual({
      message: 'This pay period is closed',
      key: 'periodClosed',
    })
  })

  it('gives each field message of a core schema its code beside the English text', () => {
    const member = NewMember.safeParse({
      email: 'nope',
      firstName: '',
      lastName: 'Silva',
      department: 'Youth',
      role: 'employee',
    })
    const { body } = toErrorResponse(member.error)
    expect(body.fields).toEqual({ email: 'Valid email is required', firstName: 'First name is required' })
    expect(body.fieldKeys).toEqual({ email: { key: 'validEmail' }, firstName: { key: 'firstNameRequired' } })
    expect(body).toMatchObject({ message: 'Valid email is required', key: 'validEmail' })
    const language = UpdateOwnUserBody.safeParse({ language: 'fr' })
    expect(toErrorResponse(language.error).body.fieldKeys).toEqual({ language: { key: 'languageUnknown' } })
  })

  it.each([
    ['ProvisionedThroughputExceededException'],
    ['SlowDown'],
    ['InternalError'],
    ['RequestTimeout'],
    ['InternalErrorException'],
    ['LimitExceededException'],
    ['TooManyRequestsException'],
  ])('maps a busy or failing dependency (%s) to 503', (name) => {
    expect(toErrorResponse(named(name)).status).toBe(503)
  })

  it('maps Stripe connection and API failures to 503', () => {
    expect(toErrorResponse(named('Error', { type: 'StripeConnectionError' })).status).toBe(503)
    expect(toErrorResponse(named('Error', { type: 'StripeAPIError' })).status).toBe(503)
  })

  it('maps a transaction cancelled by a conflicting write to 503, and one cancelled by our condition to 500', () => {
    const cancelled = (code: string) =>
      named('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: code }] })
    expect(toErrorResponse(cancelled('TransactionConflict')).status).toBe(503)
    expect(toErrorResponse(cancelled('ConditionalCheckFailed')).status).toBe(500)
  })

  it('says nothing internal about an unexpected failure', () => {
    expect(toErrorResponse(new TypeError('secret detail at /var/task/x.js'))).toEqual({
      status: 500,
      body: { message: 'Internal server error', key: 'internal' },
    })
  })
})
