import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  afterWrongPin,
  Pin,
  PIN_ATTEMPTS,
  PIN_LOCK_SECONDS,
  pinLocked,
  PUNCH_CLOCK_SKEW_MS,
  PUNCH_MAX_AGE_MS,
  PunchBody,
  punchTime,
  type PinLock,
} from './kiosk.ts'

describe('PIN rules', () => {
  it('takes 4 to 6 digits and nothing else', () => {
    for (const ok of ['0000', '1234', '12345', '987654']) expect(Pin.safeParse(ok).success).toBe(true)
    for (const bad of ['123', '1234567', '12a4', ' 1234', '12.4', '', '١٢٣٤'])
      expect(Pin.safeParse(bad).error?.issues[0]?.message).toBe('PIN must be 4 to 6 digits')
    expect(Pin.safeParse(1234).success).toBe(false)
  })
})

describe('the PIN lockout', () => {
  it('locks on the fifth wrong PIN in a row, for 15 minutes, then starts counting again', () => {
    let lock: PinLock = { failures: 0 }
    for (let i = 1; i < PIN_ATTEMPTS; i++) {
      lock = afterWrongPin(lock, 1000)
      expect(pinLocked(lock, 1000)).toBe(false)
    }
    lock = afterWrongPin(lock, 1000)
    expect(lock).toEqual({ failures: 0, lockedUntil: 1000 + PIN_LOCK_SECONDS })
    expect(pinLocked(lock, 1000 + PIN_LOCK_SECONDS - 1)).toBe(true)
    expect(pinLocked(lock, 1000 + PIN_LOCK_SECONDS)).toBe(false)
    expect(afterWrongPin(lock, 1000 + PIN_LOCK_SECONDS)).toEqual({ failures: 1 })
  })

  it('is locked exactly after every run of five wrong PINs, never sooner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (wrong) => {
        let lock: PinLock = { failures: 0 }
        for (let i = 0; i < wrong; i++) lock = afterWrongPin(lock, 0)
        // Tries while locked restart the count (they are refused before the PIN is checked, in practice).
        expect(pinLocked(lock, 0)).toBe(wrong === PIN_ATTEMPTS || (wrong > PIN_ATTEMPTS && wrong % PIN_ATTEMPTS === 0))
      }),
    )
  })
})

describe('the time of a punch made offline', () => {
  const now = new Date('2026-11-27T15:00:00Z')
  it('is now without `at`, and `at` itself within the last 7 days and not in the future', () => {
    expect(punchTime(undefined, now)).toBe(now)
    expect(punchTime('2026-11-27T09:02:00-05:00', now)?.toISOString()).toBe('2026-11-27T14:02:00.000Z')
    expect(punchTime(new Date(now.getTime() - PUNCH_MAX_AGE_MS).toISOString(), now)).toBeDefined()
    expect(punchTime(new Date(now.getTime() - PUNCH_MAX_AGE_MS - 1).toISOString(), now)).toBeUndefined()
    expect(punchTime(new Date(now.getTime() + PUNCH_CLOCK_SKEW_MS).toISOString(), now)).toBeDefined()
    expect(punchTime(new Date(now.getTime() + PUNCH_CLOCK_SKEW_MS + 1).toISOString(), now)).toBeUndefined()
  })

  it('takes any age in the window and refuses any outside it (law)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * PUNCH_MAX_AGE_MS, max: 10 * PUNCH_MAX_AGE_MS }), (age) => {
        const at = new Date(now.getTime() - age).toISOString()
        const inWindow = age <= PUNCH_MAX_AGE_MS && age >= -PUNCH_CLOCK_SKEW_MS
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
