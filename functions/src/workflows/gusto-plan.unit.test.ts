import { describe, expect, it } from 'vitest'
import type { StoredGustoSend } from '@app/data'
import { sendView } from './integration-sends.ts'

/** What the send did to Gusto's records: 19 made, nothing else. */
const counts = { created: 19, updated: 0, deleted: 0, unchanged: 0 }
const sent: StoredGustoSend = {
  state: 'sent',
  requestedAt: '2026-11-30T15:00:00.000Z',
  requestedBy: 'sup',
  closedAt: '2026-11-30T14:00:00.000Z',
  attempts: 1,
  sentAt: '2026-11-30T15:00:05.000Z',
  retryAt: null,
  ...counts,
  payrollSynced: true,
  paidTimeOffSent: false,
  errors: [],
}

describe('sendView', () => {
  it('is nothing before a first send', () => {
    expect(sendView(null, { status: 'closed', closedAt: 'x' })).toBeNull()
  })
  it('is not changed while the close that was sent stands', () => {
    const view = sendView(sent, { status: 'closed', closedAt: sent.closedAt })
    expect(view).toMatchObject({ state: 'sent', created: 19, changedSinceSent: false })
    expect(view).not.toHaveProperty('requestedBy')
    expect(view).not.toHaveProperty('closedAt')
  })
  it('is changed since sent once reopened, and after a new close', () => {
    expect(sendView(sent, { status: 'open', closedAt: null })!.changedSinceSent).toBe(true)
    expect(sendView(sent, { status: 'closed', closedAt: '2026-12-01T09:00:00.000Z' })!.changedSinceSent).toBe(true)
  })
  it('a period never sent is not changed since sent', () => {
    expect(
      sendView({ ...sent, sentAt: null, state: 'queued' }, { status: 'open', closedAt: null })!.changedSinceSent,
    ).toBe(false)
  })
})
