import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  afterRightTry,
  afterWrongTry,
  budgetLocked,
  budgetRefusedUntil,
  budgetRefuses,
  KIOSK_TRIES,
  kioskPeriodClosedMessage,
  MemberPinBody,
  NewPin,
  Pin,
  PIN_TRIES,
  PIN_TRIVIAL_MESSAGE,
  PinBody,
  PUNCH_CLOCK_SKEW_MS,
  PunchBody,
  punchTime,
  takeTry,
  trivialPin,
  windowOpen,
  type TryBudget,
} from './kiosk.ts'

describe('PIN rules', () => {
  it('takes 4 to 6 digits and nothing else', () => {
    for (const ok of ['0000', '1234', '12345', '987654']) expect(Pin.safeParse(ok).success).toBe(true)
    for (const bad of ['123', '1234567', '12a4', ' 1234', '12.4', '', '١٢٣٤'])
      expect(Pin.safeParse(bad).error?.issues[0]?.message).toBe('PIN must be 4 to 6 digits')
    expect(Pin.safeParse(1234).success).toBe(false)
  })

  it.each([
    ...'1234 0000 1111 4321 123456 654321 99999 3456 7890 0987 1212 123123 454545'
      .split(' ')
      .map((pin) => [pin, true] as const),
    ...'2580 4821 2468 1235 12121 90210 1122'.split(' ').map((pin) => [pin, false] as const),
  ])('%s is trivial: %s', (pin, trivial) => {
    expect(trivialPin(pin)).toBe(trivial)
    expect(NewPin.safeParse(pin).error?.issues[0]?.message).toBe(trivial ? PIN_TRIVIAL_MESSAGE : undefined)
  })

  it('refuses every repeated digit and every run up or down, at every length (law)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 4, max: 6 }),
        fc.constantFrom(0, 1, -1),
        (first, length, step) => {
          const pin = Array.from({ length }, (_, i) => (first + 10 + step * i) % 10).join('')
          expect(trivialPin(pin)).toBe(true)
          expect(PinBody.safeParse({ pin }).success).toBe(false)
          expect(MemberPinBody.safeParse({ pin }).error?.issues[0]?.message).toBe(PIN_TRIVIAL_MESSAGE)
        },
      ),
    )
  })

  it('refuses a PIN only when it is trivial, and a cleared PIN is no PIN to judge (law)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4,6}$/), (pin) => {
        expect(NewPin.safeParse(pin).success).toBe(!trivialPin(pin))
      }),
    )
    expect(MemberPinBody.safeParse({ pin: null }).success).toBe(true)
  })
})

describe('a budget of tries', () => {
  const rules = [PIN_TRIES, KIOSK_TRIES]
  it('locks a member’s PIN after 5 wrong PINs and a kiosk after 10, for 15 minutes', () => {
    expect(PIN_TRIES).toEqual({ attempts: 5, windowSeconds: 900, lockSeconds: 900 })
    expect(KIOSK_TRIES).toEqual({ attempts: 10, windowSeconds: 900, lockSeconds: 900 })
    for (const rule of rules) {
      let b: TryBudget | undefined = { tries: 0 }
      for (let i = 0; i < rule.attempts; i++) b = afterWrongTry(takeTry(b!, rule, 1000)!, rule, 1000)
      expect(b).toEqual({
        tries: rule.attempts,
        windowEnds: 1000 + rule.windowSeconds,
        lockedUntil: 1000 + rule.lockSeconds,
      })
      // Its Retry-After counts down to the lock's end.
      expect(budgetRefusedUntil(b!, rule, 1000)).toBe(1000 + rule.lockSeconds)
      expect(budgetRefusedUntil(b!, rule, 1000 + rule.lockSeconds)).toBeUndefined()
      expect(takeTry(b!, rule, 1000 + rule.lockSeconds - 1)).toBeUndefined()
      expect(takeTry(b!, rule, 1000 + rule.lockSeconds)).toEqual({
        tries: 1,
        windowEnds: 1000 + rule.lockSeconds + rule.windowSeconds,
      })
    }
  })

  it('never lets more tries be taken in a window than it holds, however tries and answers interleave (law)', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('take' as const) }),
      fc.record({ kind: fc.constantFrom('wrong' as const, 'right' as const) }),
      fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 1200 }) }),
    )
    fc.assert(
      fc.property(fc.constantFrom(...rules), fc.array(step, { maxLength: 60 }), (rule, steps) => {
        let b: TryBudget = { tries: 0 }
        let now = 0
        const inFlight: (number | undefined)[] = []
        const wrongs = new Map<number | undefined, number>()
        for (const s of steps) {
          if (s.kind === 'wait') now += s.seconds
          else if (s.kind === 'take') {
            const next = takeTry(b, rule, now)
            if (next) {
              b = next
              inFlight.push(b.windowEnds)
            } else expect(budgetRefuses(b, rule, now)).toBe(true)
          } else if (inFlight.length) {
            // Answers come back in any order: the oldest try here, which may belong to an ended window.
            const taken = inFlight.shift()
            if (s.kind === 'right') b = afterRightTry(b, taken)
            else {
              b = afterWrongTry(b, rule, now)
              wrongs.set(taken, (wrongs.get(taken) ?? 0) + 1)
            }
          }
          expect(b.tries).toBeLessThanOrEqual(rule.attempts)
          for (const count of wrongs.values()) expect(count).toBeLessThanOrEqual(rule.attempts)
          if (budgetLocked(b, now)) expect(takeTry(b, rule, now)).toBeUndefined()
          // A refusal names the first second a try passes again, if nothing else happens meanwhile.
          const until = budgetRefusedUntil(b, rule, now)
          expect(until !== undefined).toBe(budgetRefuses(b, rule, now))
          if (until !== undefined) {
            expect(until).toBeGreaterThan(now)
            expect(takeTry(b, rule, until - 1)).toBeUndefined()
            expect(takeTry(b, rule, until)).toBeDefined()
          }
        }
      }),
    )
  })
})

describe('a budget at one instant', () => {
  const rule = PIN_TRIES
  const now = 1000
  it.each([
    // budget, locked, window open, refused, refused until
    [{ tries: 0 }, false, false, false, undefined],
    [{ tries: 5, lockedUntil: now }, false, false, false, undefined],
    [{ tries: 5, lockedUntil: now + 1 }, true, false, true, now + 1],
    [{ tries: 4, windowEnds: now + 60 }, false, true, false, undefined],
    [{ tries: 5, windowEnds: now + 60 }, false, true, true, now + 60],
    [{ tries: 6, windowEnds: now + 60 }, false, true, true, now + 60],
    [{ tries: 5, windowEnds: now }, false, false, false, undefined],
    [{ tries: 5, windowEnds: now + 60, lockedUntil: now + 30 }, true, true, true, now + 60],
    [{ tries: 5, windowEnds: now + 30, lockedUntil: now + 60 }, true, true, true, now + 60],
    [{ tries: 1, windowEnds: now + 60, lockedUntil: now + 30 }, true, true, true, now + 30],
  ] as [TryBudget, boolean, boolean, boolean, number | undefined][])(
    '%o: locked %s, window open %s, refused %s until %s',
    (b, locked, open, refused, until) => {
      expect(budgetLocked(b, now)).toBe(locked)
      expect(windowOpen(b, now)).toBe(open)
      expect(budgetRefuses(b, rule, now)).toBe(refused)
      expect(budgetRefusedUntil(b, rule, now)).toBe(until)
    },
  )

  it('names the closed period a punch falls in, and who opens it again', () => {
    expect(kioskPeriodClosedMessage({ start: '2026-11-16', end: '2026-11-29' })).toBe(
      'The pay period Monday, Nov 16, 2026 to Sunday, Nov 29, 2026 is closed; ask a supervisor to reopen it if your time must change',
    )
  })

  it('gives a right PIN’s try back only to the window it was taken in, never below none', () => {
    expect(afterRightTry({ tries: 3, windowEnds: 900 }, 900)).toEqual({ tries: 2, windowEnds: 900 })
    expect(afterRightTry({ tries: 3, windowEnds: 900 }, 800)).toEqual({ tries: 3, windowEnds: 900 })
    expect(afterRightTry({ tries: 3, windowEnds: 900 }, undefined)).toEqual({ tries: 3, windowEnds: 900 })
    expect(afterRightTry({ tries: 0, windowEnds: 900 }, 900)).toEqual({ tries: 0, windowEnds: 900 })
    expect(afterRightTry({ tries: 1 }, undefined)).toEqual({ tries: 0 })
  })
})

describe('the time of a punch', () => {
  const now = new Date('2026-11-27T15:00:00Z')
  it('is now without `at`, and `at` itself only within 5 minutes of now, either way', () => {
    expect(PUNCH_CLOCK_SKEW_MS).toBe(5 * 60_000)
    expect(punchTime(undefined, now)).toBe(now)
    expect(punchTime('2026-11-27T09:58:00-05:00', now)?.toISOString()).toBe('2026-11-27T14:58:00.000Z')
    expect(punchTime(new Date(now.getTime() - PUNCH_CLOCK_SKEW_MS).toISOString(), now)).toBeDefined()
    expect(punchTime(new Date(now.getTime() - PUNCH_CLOCK_SKEW_MS - 1).toISOString(), now)).toBeUndefined()
    expect(punchTime(new Date(now.getTime() + PUNCH_CLOCK_SKEW_MS).toISOString(), now)).toBeDefined()
    expect(punchTime(new Date(now.getTime() + PUNCH_CLOCK_SKEW_MS + 1).toISOString(), now)).toBeUndefined()
    // A punch kept offline for an hour, or a day, is a correction now, not a punch.
    expect(punchTime('2026-11-27T09:00:00-05:00', now)).toBeUndefined()
    expect(punchTime('2026-11-26T15:00:00Z', now)).toBeUndefined()
  })

  it('takes any time within the skew and refuses any outside it (law)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -7 * 24 * 3_600_000, max: 7 * 24 * 3_600_000 }), (age) => {
        const at = new Date(now.getTime() - age).toISOString()
        const inWindow = Math.abs(age) <= PUNCH_CLOCK_SKEW_MS
        expect(punchTime(at, now)?.getTime()).toBe(inWindow ? now.getTime() - age : undefined)
      }),
    )
  })

  it('must be an ISO date-time with its offset when sent', () => {
    const body = { employeeId: 'u1', pin: '1234' }
    expect(PunchBody.safeParse(body).success).toBe(true)
    expect(PunchBody.safeParse({ ...body, at: '2026-11-27T09:02:00.000Z' }).success).toBe(true)
    for (const at of ['yesterday', '2026-11-27', '2026-11-27T09:02:00', 1764234120000])
      expect(PunchBody.safeParse({ ...body, at }).success).toBe(false)
  })
})
