import { describe, expect, it } from 'vitest'
import { roundsOf } from './probe.ts'

/** The bench's count of an invocation's round trips, from when each AWS call was sent and answered. */
describe('roundsOf', () => {
  it('counts calls sent together as one round, and a call sent after an answer as the next', () => {
    const calls = [
      { sentAt: 0, answeredAt: 10 },
      { sentAt: 1, answeredAt: 8 },
      { sentAt: 10, answeredAt: 15 },
      // Sent after the second's answer, before the first's: the second round, beside the third.
      { sentAt: 9, answeredAt: 12 },
      { sentAt: 15, answeredAt: 20 },
    ]
    expect(roundsOf(calls)).toEqual({ rounds: 3, ms: 20 })
  })

  it('counts only the time some call was in flight', () => {
    expect(
      roundsOf([
        { sentAt: 0, answeredAt: 5 },
        { sentAt: 2, answeredAt: 4 },
        { sentAt: 10, answeredAt: 12 },
      ]),
    ).toEqual({ rounds: 2, ms: 7 })
  })

  it('is no round and no time without calls', () => {
    expect(roundsOf([])).toEqual({ rounds: 0, ms: 0 })
  })
})
