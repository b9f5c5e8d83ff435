import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { afterWrongPin, Pin, PIN_ATTEMPTS, PIN_LOCK_SECONDS, pinLocked, type PinLock } from './kiosk.ts'

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
