import * as z from 'zod'
import { MAX_SPANS } from './spans.ts'

/**
 * Issue 34, the kiosk: a shared tablet where members with a PIN clock in and out. The PIN rules
 * and the lockout live here; the hashing (scrypt) is the server's.
 */

export const PIN_MESSAGE = 'PIN must be 4 to 6 digits'
/** A member's PIN: 4 to 6 digits. */
export const Pin = z.string({ error: PIN_MESSAGE }).regex(/^[0-9]{4,6}$/, PIN_MESSAGE)

/** PUT /api/profile/pin: the member's own PIN. */
export const PinBody = z.object({ pin: Pin })
export type PinBody = z.infer<typeof PinBody>
/** PUT /api/employees/{id}/pin: a supervisor sets a member's PIN, or clears it with null. */
export const MemberPinBody = z.object({ pin: Pin.nullable() })
export type MemberPinBody = z.infer<typeof MemberPinBody>
export const PinAnswer = z.object({ hasPin: z.boolean() })
export type PinAnswer = z.infer<typeof PinAnswer>

/** Five wrong PINs for one member lock that member's PIN for 15 minutes, at every kiosk. */
export const PIN_ATTEMPTS = 5
export const PIN_LOCK_SECONDS = 15 * 60

/** The lock of a member's PIN: the wrong tries since the last right one, and until when it is locked (epoch seconds). */
export interface PinLock {
  failures: number
  lockedUntil?: number
}

/** Whether the PIN is locked at `now` (epoch seconds). */
export const pinLocked = (lock: PinLock, now: number) => lock.lockedUntil !== undefined && now < lock.lockedUntil

/** The lock after one more wrong PIN at `now`: the fifth in a row locks it, and the count starts over. */
export const afterWrongPin = (lock: PinLock, now: number): PinLock => {
  const failures = (pinLocked(lock, now) ? 0 : lock.failures) + 1
  return failures >= PIN_ATTEMPTS ? { failures: 0, lockedUntil: now + PIN_LOCK_SECONDS } : { failures }
}

export const kioskMessages = {
  wrongPin: 'Wrong PIN',
  locked: 'Too many wrong PINs. This PIN is locked for 15 minutes; ask a supervisor if you need help sooner.',
  kioskOnly: 'Only a kiosk can do this',
  kioskSession: 'This device is a kiosk: it can only clock members in and out',
  noPin: 'This member has no PIN',
  alreadyDone: `Today already has ${MAX_SPANS} time ranges, or its last one ends after now; ask a supervisor to change the times`,
  punchTime: 'The time of a punch must be within the last 7 days and not in the future',
} as const

/**
 * How old a punch made offline may be when it reaches the server (issue 34: the kiosk keeps
 * working through a dropped connection, and a weekend without network is a real case), and how far
 * ahead of the server's clock a tablet's clock may run.
 */
export const PUNCH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const PUNCH_CLOCK_SKEW_MS = 2 * 60 * 1000

/**
 * When a punch counts as made: now, or the time the kiosk recorded it while offline (`at`), which
 * must be within the last 7 days and not in the future (beyond the clock skew); undefined when not.
 */
export const punchTime = (at: string | undefined, now: Date): Date | undefined => {
  if (at === undefined) return now
  const made = new Date(at)
  const age = now.getTime() - made.getTime()
  return Number.isNaN(age) || age > PUNCH_MAX_AGE_MS || age < -PUNCH_CLOCK_SKEW_MS ? undefined : made
}

export const KioskName = z
  .string({ error: 'Kiosk name is required' })
  .trim()
  .min(1, 'Kiosk name is required')
  .max(60, 'Kiosk name must be 60 characters or fewer')
/** POST /api/kiosks: this browser becomes a kiosk with this name. */
export const KioskCreate = z.object({ name: KioskName })
export type KioskCreate = z.infer<typeof KioskCreate>

/** A kiosk as Settings lists it. */
export const KioskView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type KioskView = z.infer<typeof KioskView>
export const KioskList = z.array(KioskView)
export type KioskList = z.infer<typeof KioskList>

/** GET /api/kiosk/members: who may punch here (first name, last-name initial, avatar, clocked in). */
export const KioskMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  profileImageUrl: z.string().nullable(),
  clockedIn: z.boolean(),
})
export type KioskMember = z.infer<typeof KioskMember>
export const KioskMembers = z.array(KioskMember)
export type KioskMembers = z.infer<typeof KioskMembers>

/** POST /api/kiosk/punch. */
export const PunchBody = z.object({
  employeeId: z.string({ error: 'employeeId is required' }).min(1, 'employeeId is required').max(100),
  // Not a PIN at all is bad input (400), not a wrong try: only a PIN's own shape counts toward the lock.
  pin: Pin,
  /** A punch the kiosk made offline: when it was made (ISO date-time with its offset), sent as it syncs. */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time' }).optional(),
})
export type PunchBody = z.infer<typeof PunchBody>
export const PunchAnswer = z.object({
  action: z.enum(['in', 'out']),
  time: z.string(),
  firstName: z.string(),
})
export type PunchAnswer = z.infer<typeof PunchAnswer>
