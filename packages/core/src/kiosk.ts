import * as z from 'zod'
import { CampusChoice } from './campus.ts'
import { periodClosedMessage, type Period } from './pay-periods.ts'
import { MAX_SPANS } from './spans.ts'
import { namedText } from './text-schemas.ts'

/**
 * The kiosk: a shared tablet where members with a PIN clock in and out. The PIN rules
 * and the lockout live here; the hashing (scrypt) is the server's.
 */

export const PIN_MESSAGE = 'PIN must be 4 to 6 digits'
/** A member's PIN: 4 to 6 digits. */
export const Pin = z.string({ error: PIN_MESSAGE }).regex(/^[0-9]{4,6}$/, PIN_MESSAGE)

export const PIN_TRIVIAL_MESSAGE = 'PIN is too easy to guess: avoid repeated digits and runs like 1234 or 4321'

/**
 * Whether a PIN is one of the first a person at a kiosk would try: one digit repeated (0000), a
 * block repeated (1212, 123123), or a run up or down by one, the keypad's 0 after 9 (1234, 4321,
 * 7890, 123456).
 */
export const trivialPin = (pin: string): boolean => {
  const digits = [...pin].map(Number)
  const repeats = (size: number) => pin.length % size === 0 && pin === pin.slice(0, size).repeat(pin.length / size)
  const blockRepeated = Array.from({ length: Math.floor(pin.length / 2) }, (_, i) => i + 1).some(repeats)
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10))
  const run = steps.size === 1 && (steps.has(1) || steps.has(9))
  return blockRepeated || run
}

/** A PIN a member chooses now: 4 to 6 digits, not a trivial one (a PIN chosen before this rule still opens the kiosk). */
export const NewPin = Pin.refine((pin) => !trivialPin(pin), { error: PIN_TRIVIAL_MESSAGE })

/** PUT /api/profile/pin: the member's own PIN. */
export const PinBody = z.object({ pin: NewPin })
export type PinBody = z.infer<typeof PinBody>
/** PUT /api/employees/{id}/pin: a supervisor sets a member's PIN, or clears it with null. */
export const MemberPinBody = z.object({ pin: NewPin.nullable() })
export type MemberPinBody = z.infer<typeof MemberPinBody>
export const PinAnswer = z.object({ hasPin: z.boolean() })
export type PinAnswer = z.infer<typeof PinAnswer>

/**
 * A budget of tries that a wrong PIN spends: a member's PIN and a kiosk each have one. A try is
 * taken before the PIN is checked (so tries sent at once can never check more PINs than the budget),
 * a right PIN gives its try back, a wrong one keeps it; once the budget of a window is spent, it is
 * locked for `lockSeconds` after the wrong PIN that spent it.
 */
export interface TryRule {
  /** Tries a window holds. */
  attempts: number
  /** How long a window lasts from its first try. */
  windowSeconds: number
  /** How long a spent budget stays locked. */
  lockSeconds: number
}

/** One member's PIN: 5 wrong PINs within 15 minutes, at any kiosks, lock that PIN for 15 minutes. */
export const PIN_TRIES: TryRule = { attempts: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 }
/**
 * One kiosk: 10 wrong PINs within 15 minutes, for any members, lock that kiosk (not the members) for
 * 15 minutes, and its supervisors are told: a kiosk can lock at most two members before it locks itself.
 */
export const KIOSK_TRIES: TryRule = { attempts: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 }
export const PIN_ATTEMPTS = PIN_TRIES.attempts
export const PIN_LOCK_SECONDS = PIN_TRIES.lockSeconds

/** A budget as stored: tries taken in the window (wrong PINs and PINs being checked), its end and the lock (epoch seconds). */
export interface TryBudget {
  tries: number
  windowEnds?: number
  lockedUntil?: number
}

/** Whether the budget's lock holds at `now` (epoch seconds). */
export const budgetLocked = (b: TryBudget, now: number) => b.lockedUntil !== undefined && now < b.lockedUntil
/** Whether the budget's window is still open at `now`. */
export const windowOpen = (b: TryBudget, now: number) => b.windowEnds !== undefined && now < b.windowEnds
/** Whether a try at `now` is refused: locked, or every try of the open window taken. */
export const budgetRefuses = (b: TryBudget, rule: TryRule, now: number) =>
  budgetLocked(b, now) || (windowOpen(b, now) && b.tries >= rule.attempts)

/**
 * When (epoch seconds) a refused budget lets a try through again, as it is stored: the end of its
 * lock, or of its window whose tries are all taken (PINs being checked), whichever is later;
 * undefined when it does not refuse at `now`. A 429's `Retry-After` is the seconds until then.
 */
export const budgetRefusedUntil = (b: TryBudget, rule: TryRule, now: number): number | undefined => {
  if (!budgetRefuses(b, rule, now)) return undefined
  const ends = [
    budgetLocked(b, now) ? b.lockedUntil! : now,
    windowOpen(b, now) && b.tries >= rule.attempts ? b.windowEnds! : now,
  ]
  return Math.max(...ends)
}

/**
 * The budget after one try at `now`, or undefined when refused: the open window's count goes up, a
 * window that has ended starts again with this try. (The data layer makes the same change with
 * conditional writes; this is its rule.)
 */
export const takeTry = (b: TryBudget, rule: TryRule, now: number): TryBudget | undefined => {
  if (budgetRefuses(b, rule, now)) return undefined
  return windowOpen(b, now) ? { ...b, tries: b.tries + 1 } : { tries: 1, windowEnds: now + rule.windowSeconds }
}

/** After a wrong PIN at `now`: its try stays taken, and a spent budget locks. */
export const afterWrongTry = (b: TryBudget, rule: TryRule, now: number): TryBudget =>
  b.tries >= rule.attempts && !budgetLocked(b, now) ? { ...b, lockedUntil: now + rule.lockSeconds } : b

/**
 * After a right PIN: its try is given back to the window it was taken in (`windowEnds` then); a
 * window started since owes it nothing.
 */
export const afterRightTry = (b: TryBudget, windowEnds: number | undefined): TryBudget =>
  b.windowEnds === windowEnds && b.tries > 0 ? { ...b, tries: b.tries - 1 } : b

export const kioskMessages = {
  wrongPin: 'Wrong PIN',
  locked: 'Too many wrong PINs. This PIN is locked for 15 minutes; ask a supervisor if you need help sooner.',
  kioskLocked:
    'Too many wrong PINs at this kiosk. The kiosk is locked for 15 minutes and its supervisors have been told.',
  kioskOnly: 'Only a kiosk can do this',
  kioskSession: 'This device is a kiosk: it can only clock members in and out',
  noPin: 'This member has no PIN',
  alreadyDone: `Today already has ${MAX_SPANS} time ranges, or its last one ends after now; ask a supervisor to change the times`,
  // A punch on a week the member can no longer change: why, and who can open it again.
  weekPending:
    'Your timesheet for this week is waiting for approval; ask a supervisor to send it back before you clock in or out',
  weekApproved:
    'Your timesheet for this week is approved; ask a supervisor to send it back for correction before you clock in or out',
  punchTime:
    'The time of a kiosk punch must be within 5 minutes of now; an earlier time is a correction the member makes on their week',
} as const

/** A punch on a week a closed pay period locks: which period (core's one text of it), and who can open it again. */
export const kioskPeriodClosedMessage = (period: Period) =>
  `${periodClosedMessage(period)}; ask a supervisor to reopen it if your time must change`

/**
 * How far a kiosk's time of a punch (`at`) may be from the server's clock, either way: a kiosk punch
 * is made now, and a tablet's clock may be a little off. A punch kept offline longer than that is
 * refused and listed on the kiosk; the member corrects their week.
 */
export const PUNCH_CLOCK_SKEW_MS = 5 * 60 * 1000

/** When a punch counts as made: now, or the time the kiosk recorded it (`at`), within the clock skew of now; undefined when not. */
export const punchTime = (at: string | undefined, now: Date): Date | undefined => {
  if (at === undefined) return now
  const made = new Date(at)
  const off = Math.abs(now.getTime() - made.getTime())
  return Number.isNaN(off) || off > PUNCH_CLOCK_SKEW_MS ? undefined : made
}

export const KioskName = namedText('Kiosk name', 60)
/** POST /api/kiosks: this browser becomes a kiosk with this name. */
/** `campusId`: the campus whose members the kiosk lists (absent: its maker's reach, the whole church for most). */
export const KioskCreate = z.object({ name: KioskName, ...CampusChoice.shape })
export type KioskCreate = z.infer<typeof KioskCreate>

/** A kiosk as Settings lists it. */
export const KioskView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The campus the kiosk serves (absent without one). */
  campusId: z.string().optional(),
})
export type KioskView = z.infer<typeof KioskView>
export const KioskList = z.array(KioskView)
export type KioskList = z.infer<typeof KioskList>

/** GET /api/kiosk: the kiosk's name, the organization's time zone, and until when the kiosk is locked (ISO), or null. */
export const KioskInfo = z.object({
  name: z.string(),
  timeZone: z.string(),
  lockedUntil: z.string().nullable(),
})
export type KioskInfo = z.infer<typeof KioskInfo>

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
  employeeId: z
    .string({ error: 'employeeId is required' })
    .min(1, 'employeeId is required')
    .max(100, 'employeeId must be 100 characters or fewer'),
  // Not a PIN at all is bad input (400), not a wrong try: only a PIN's own shape counts toward the lock.
  pin: Pin,
  /** When the kiosk made the punch (ISO date-time with its offset), sent as it syncs; within 5 minutes of now. */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time' }).optional(),
})
export type PunchBody = z.infer<typeof PunchBody>
export const PunchAnswer = z.object({
  action: z.enum(['in', 'out']),
  time: z.string(),
  firstName: z.string(),
})
export type PunchAnswer = z.infer<typeof PunchAnswer>
