import * as z from 'zod'
import { CampusId } from './campus.ts'
import { AppError, badRequest } from './errors.ts'
import { PayType } from './pay-types.ts'
import type { Role } from './roles.ts'
import { DEFAULT_TIME_OFF_NAMES, TIME_OFF_KINDS } from './time-off-kinds.ts'
import { addDays, dayOfDate, formatLongDate, isValidDate } from './week.ts'
import { dateField } from './date-field.ts'
import { namedText, requiredText } from './text-schemas.ts'

/**
 * Time off. Policies per kind (accrual, cap, carryover, negative balances, eligible pay
 * types), holidays and blackout dates, requests and the balances a ledger adds up to. Hours are
 * counted in whole hundredths so that 4.5 + 3.6 is exactly 8.1; they are shown as hours.
 * Paid leave and holidays are paid hours, never hours worked: nothing here feeds overtime.
 */

export const TimeOffKind = z.enum(TIME_OFF_KINDS, { error: 'Kind must be vacation, sick or personal' })
export type TimeOffKind = z.infer<typeof TimeOffKind>

const DATE_MESSAGE = 'Use a date like 2026-11-16'
export const TimeOffDate = dateField(DATE_MESSAGE, 'Use a date between 2000 and 2100')

const positiveHours = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(max, `${label} must be at most ${max}`)

const MonthDay = z
  .string({ error: 'Use a day like 01-01' })
  .regex(/^\d{2}-\d{2}$/, 'Use a day like 01-01')
  // 2024 is a leap year, so 02-29 is a day too (granted on 02-28 in other years, see yearlyDate).
  .refine((md) => isValidDate(`2024-${md}`), 'Use a day like 01-01')

export const Accrual = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('none') }),
    z.object({
      method: z.literal('perHoursWorked'),
      hours: positiveHours('Hours', 1000),
      per: positiveHours('Hours worked', 10000),
    }),
    z.object({ method: z.literal('perPayPeriod'), hours: positiveHours('Hours', 1000) }),
    z.object({ method: z.literal('yearly'), hours: positiveHours('Hours', 10000), on: MonthDay }),
  ],
  { error: 'Accrual method must be none, perHoursWorked, perPayPeriod or yearly' },
)
export type Accrual = z.infer<typeof Accrual>

const limitHours = (label: string) =>
  z
    .number({ error: `${label} must be a number or null` })
    .min(0, `${label} must be 0 or more`)
    .max(10000, `${label} must be at most 10000`)
    .nullable()

export const TIME_OFF_NAME_MAX = 60
export const TimeOffPolicy = z.object({
  kind: TimeOffKind,
  name: namedText('Name', TIME_OFF_NAME_MAX),
  accrual: Accrual,
  capHours: limitHours('Cap'),
  carryoverHours: limitHours('Carryover'),
  allowNegative: z.boolean({ error: 'allowNegative must be true or false' }),
  // Volunteers are never eligible: they are a role, not a pay type, so they cannot be listed here.
  eligiblePayTypes: z
    .array(PayType)
    .max(3)
    .transform((types) => [...new Set(types)]),
})
export type TimeOffPolicy = z.infer<typeof TimeOffPolicy>

export const POLICY_KINDS_MESSAGE = 'Give one policy for each kind: vacation, sick and personal'

/** GET and PUT /api/time-off/policies: one policy per kind, all three. */
export const TimeOffPolicies = z.object({
  policies: z
    .array(TimeOffPolicy, { error: POLICY_KINDS_MESSAGE })
    .refine(
      (ps) => ps.length === TIME_OFF_KINDS.length && TIME_OFF_KINDS.every((k) => ps.some((p) => p.kind === k)),
      POLICY_KINDS_MESSAGE,
    ),
})
export type TimeOffPolicies = z.infer<typeof TimeOffPolicies>

/** What a new organization starts with: the three kinds, granted by a supervisor, never negative. */
export const defaultTimeOffPolicies = (): TimeOffPolicies => ({
  policies: TIME_OFF_KINDS.map((kind) => ({
    kind,
    name: DEFAULT_TIME_OFF_NAMES[kind],
    accrual: { method: 'none' },
    capHours: null,
    carryoverHours: null,
    allowNegative: false,
    eligiblePayTypes: ['non-exempt', 'exempt', 'minister'],
  })),
})

export const policyOf = (policies: TimeOffPolicies, kind: TimeOffKind): TimeOffPolicy =>
  policies.policies.find((p) => p.kind === kind) ?? defaultTimeOffPolicies().policies.find((p) => p.kind === kind)!

/** Whether a member of this role and pay type may take (and accrue) this kind. Volunteers never. */
export const isEligible = (policy: TimeOffPolicy, payType: PayType, role: Role): boolean =>
  role !== 'volunteer' && policy.eligiblePayTypes.includes(payType)

// ---- hundredths --------------------------------------------------------------------------------

/** Hours as whole hundredths (the unit every sum here is made in). */
export const toCentiHours = (hours: number): number => Math.round(hours * 100)
export const fromCentiHours = (centi: number): number => centi / 100

// ---- accrual -----------------------------------------------------------------------------------

/**
 * Hours earned by `workedMinutes` of work under a per-hours-worked accrual, in hundredths, rounded
 * down (never more than earned): 45 hours at 1 per 10 is 450 (4.5 h).
 */
export const accruedForWork = (workedMinutes: number, accrual: { hours: number; per: number }): number => {
  if (workedMinutes <= 0) return 0
  const exact = (workedMinutes * accrual.hours * 100) / (accrual.per * 60)
  // Snap away floating noise (36 h × 1 / 10 is 359.99999…) before rounding down.
  return Math.floor(Math.round(exact * 1e6) / 1e6)
}

/** An accrual of `centi` added to a balance of `balance`, held at the cap (never below 0). */
export const capAccrual = (balance: number, centi: number, capHours: number | null): number => {
  if (capHours === null) return Math.max(0, centi)
  return Math.max(0, Math.min(centi, toCentiHours(capHours) - balance))
}

/** An approved week's per-hours-worked earning of one kind: its posting's id, its date (the week's last day), the hundredths it earns. */
export interface WeekEarning {
  id: string
  date: string
  earned: number
}

/** A ledger entry as a replay reads it: a week's posting carries what the week earned before the cap (`earned`). */
export type ReplayEntry = Pick<LedgerEntry, 'id' | 'hours' | 'date' | 'earned'>

/** What a replay writes to a member's ledger: postings (hundredths granted and earned) and ids to remove. */
export interface AccrualReplay {
  post: { id: string; date: string; granted: number; earned: number }[]
  remove: string[]
}

/**
 * The per-hours-worked postings of one kind to write when a member's approved week changes: an
 * approval (`approved`, the week's earning) or a send-back (`removed`, the week's posting id). A cap
 * that held back a later week's hours depended on the weeks before it, so the week and the later
 * week postings of `ledger` (those `isWeekAccrual` names, dated on or after it) are worked out again
 * in date order, each capped against the balance as it stood at its date, every other entry counted
 * as it is (adjustments, time taken, other accruals, earlier weeks). A later week's earning is read
 * from its own posting (`earned`; one written before postings kept it counts its hours), so no
 * figures are read. A week the cap grants nothing still keeps a posting of 0 hours with its earning,
 * or a later change could not find it; a week that earns nothing has none. Only postings that change
 * are answered, so the answer of a replay made again is empty. `limit`: how many later weeks are
 * worked out again (the ones after it keep their postings and count as they are).
 */
export const replayAccruals = (
  ledger: readonly ReplayEntry[],
  change: { approved: WeekEarning } | { removed: string },
  capHours: number | null,
  isWeekAccrual: (id: string) => boolean,
  limit = Infinity,
): AccrualReplay => {
  const changedId = 'approved' in change ? change.approved.id : change.removed
  const held = new Map(ledger.map((e) => [e.id, e]))
  const from = 'approved' in change ? change.approved.date : held.get(changedId)?.date
  // A week sent back that has no posting granted nothing: no later cap depended on it.
  if (from === undefined) return { post: [], remove: [] }
  const earningOf = (e: ReplayEntry): WeekEarning => ({
    id: e.id,
    date: e.date,
    earned: toCentiHours(e.earned ?? e.hours),
  })
  const byDate = (a: { date: string; id: string }, b: { date: string; id: string }) =>
    a.date.localeCompare(b.date) || a.id.localeCompare(b.id)
  const later = ledger
    .filter((e) => e.id !== changedId && isWeekAccrual(e.id) && e.date >= from)
    .sort(byDate)
    .slice(0, limit)
    .map(earningOf)
  const weeks = 'approved' in change ? [change.approved, ...later].sort(byDate) : later
  const replayed = new Set([changedId, ...later.map((w) => w.id)])
  const others = ledger.filter((e) => !replayed.has(e.id))
  const granted: { date: string; centi: number }[] = []
  const balanceOn = (date: string) =>
    others.reduce((sum, e) => (e.date <= date ? sum + toCentiHours(e.hours) : sum), 0) +
    granted.reduce((sum, g) => (g.date <= date ? sum + g.centi : sum), 0)
  const answer: AccrualReplay = { post: [], remove: 'approved' in change ? [] : [changedId] }
  for (const w of weeks) {
    const centi = capAccrual(balanceOn(w.date), w.earned, capHours)
    granted.push({ date: w.date, centi })
    const was = held.get(w.id)
    if (w.earned <= 0) {
      if (was) answer.remove.push(w.id)
    } else if (!was || toCentiHours(was.hours) !== centi || earningOf(was).earned !== w.earned || was.date !== w.date)
      answer.post.push({ id: w.id, date: w.date, granted: centi, earned: w.earned })
  }
  return answer
}

/** What the year's start removes from a balance: everything above the carryover (0 when none is set). */
export const carryoverForfeit = (balance: number, carryoverHours: number | null): number =>
  carryoverHours === null ? 0 : Math.max(0, balance - toCentiHours(carryoverHours))

/** The date a yearly accrual is granted in `year` (02-29 falls on 02-28 outside leap years). */
export const yearlyDate = (on: string, year: number): string => {
  const date = `${year}-${on}`
  return isValidDate(date) ? date : `${year}-02-28`
}

// ---- ledger and balances -----------------------------------------------------------------------

export const LedgerType = z.enum(['accrual', 'adjustment', 'carryover', 'request'])
export type LedgerType = z.infer<typeof LedgerType>

/** One change of a balance: an accrual, an adjustment (with its reason), the year's carryover, or a request's hours. */
export const LedgerEntry = z.object({
  id: z.string(),
  kind: TimeOffKind,
  type: LedgerType,
  /** Signed hours: accruals add, requests and forfeits remove. */
  hours: z.number(),
  /** The calendar date it counts on (the organization's zone). */
  date: z.string(),
  at: z.string(),
  reason: z.string().nullable().default(null),
  /** Who made an adjustment, or whose decision approved a request. */
  byId: z.string().nullable().default(null),
  requestId: z.string().nullable().default(null),
  /**
   * For a week's per-hours-worked accrual: the hours the week earned before the cap (`hours` is
   * what was granted), so a later change can work the week out again from the ledger alone.
   */
  earned: z.number().optional(),
  /** For requests: pending or approved (cancelled and rejected requests are not in the ledger). */
  status: z.enum(['pending', 'approved']).nullable().default(null),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export interface Balance {
  accruedHours: number
  usedHours: number
  scheduledHours: number
  availableHours: number
}

/**
 * A kind's balance from its ledger on `today`: accrued is every accrual, adjustment and carryover;
 * used is approved time off on days up to today; scheduled is approved time off after today and
 * every pending request (held so two requests cannot spend the same hours); available is what is left.
 */
export const balanceOf = (
  entries: readonly Pick<LedgerEntry, 'type' | 'hours' | 'date' | 'status'>[],
  today: string,
) => {
  let accrued = 0
  let used = 0
  let scheduled = 0
  for (const e of entries) {
    const centi = toCentiHours(e.hours)
    if (e.type !== 'request') accrued += centi
    else if (e.status === 'approved' && e.date <= today) used -= centi
    else scheduled -= centi
  }
  return {
    accruedHours: fromCentiHours(accrued),
    usedHours: fromCentiHours(used),
    scheduledHours: fromCentiHours(scheduled),
    availableHours: fromCentiHours(accrued - used - scheduled),
  } satisfies Balance
}

// ---- holidays and blackouts --------------------------------------------------------------------

export const HOLIDAY_NAME_MAX = 80
export const DEFAULT_HOLIDAY_HOURS = 8
export const Holiday = z.object({
  date: TimeOffDate,
  name: namedText('Holiday name', HOLIDAY_NAME_MAX),
  hours: z
    .number({ error: 'Holiday hours must be a number' })
    .min(0, 'Holiday hours must be 0 or more')
    .max(24, 'Holiday hours must be at most 24')
    .default(DEFAULT_HOLIDAY_HOURS),
  /** A campus's own holiday (its members only); absent: the whole church's. */
  campusId: CampusId.optional(),
})
export type Holiday = z.infer<typeof Holiday>

export const BLACKOUT_REASON_MAX = 200
export const Blackout = z.object({
  date: TimeOffDate,
  reason: requiredText(
    'Give the reason members will see',
    BLACKOUT_REASON_MAX,
    `Reason must be ${BLACKOUT_REASON_MAX} characters or fewer`,
  ),
})
export type Blackout = z.infer<typeof Blackout>

export const HOLIDAY_DUPLICATE_MESSAGE = 'Each date may hold one holiday'
export const BLACKOUT_DUPLICATE_MESSAGE = 'Each date may hold one blackout'

/** A list of a calendar's dated entries: at most 200, one for each `key`, kept in date order. */
const datedList = <T extends { date: string }, I>(
  entry: z.ZodType<T, I>,
  tooMany: string,
  key: (entry: T) => string,
  duplicate: string,
) =>
  z
    .array(entry)
    .max(200, tooMany)
    .refine((es) => new Set(es.map(key)).size === es.length, duplicate)
    .transform((es) => [...es].sort((a, b) => a.date.localeCompare(b.date)))

/** A date of the whole church's holiday holds no campus's holiday too: no member is paid two holidays on one date. */
const oneHolidayADate = (holidays: readonly Holiday[]) => {
  const wholeChurch = new Set(holidays.filter((h) => !h.campusId).map((h) => h.date))
  return holidays.every((h) => !h.campusId || !wholeChurch.has(h.date))
}

/** GET and PUT /api/organization/holidays. */
export const HolidayCalendar = z.object({
  // One holiday a date for the whole church, or one a date for each campus.
  holidays: datedList(
    Holiday,
    'At most 200 holidays',
    (h) => `${h.date}#${h.campusId ?? ''}`,
    HOLIDAY_DUPLICATE_MESSAGE,
  ).refine(oneHolidayADate, HOLIDAY_DUPLICATE_MESSAGE),
  blackouts: datedList(Blackout, 'At most 200 blackout dates', (b) => b.date, BLACKOUT_DUPLICATE_MESSAGE),
})
export type HolidayCalendar = z.infer<typeof HolidayCalendar>

export const US_FEDERAL_HOLIDAYS = [
  'newYear',
  'mlk',
  'washington',
  'memorial',
  'juneteenth',
  'independence',
  'labor',
  'columbus',
  'veterans',
  'thanksgiving',
  'christmas',
] as const
export type UsFederalHoliday = (typeof US_FEDERAL_HOLIDAYS)[number]

export const US_FEDERAL_HOLIDAY_NAMES: Record<UsFederalHoliday, string> = {
  newYear: "New Year's Day",
  mlk: 'Birthday of Martin Luther King, Jr.',
  washington: "Washington's Birthday",
  memorial: 'Memorial Day',
  juneteenth: 'Juneteenth National Independence Day',
  independence: 'Independence Day',
  labor: 'Labor Day',
  columbus: 'Columbus Day',
  veterans: 'Veterans Day',
  thanksgiving: 'Thanksgiving Day',
  christmas: 'Christmas Day',
}

const pad = (n: number) => String(n).padStart(2, '0')
const WEEKDAY_INDEX = { monday: 1, thursday: 4 } as const
/** The n-th (1-based; -1 the last) given weekday of a month. */
const nthWeekday = (year: number, month: number, weekday: keyof typeof WEEKDAY_INDEX, n: number): string => {
  const target = WEEKDAY_INDEX[weekday]
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
    return `${year}-${pad(month)}-${pad(1 + ((target - first + 7) % 7) + (n - 1) * 7)}`
  }
  const lastDay = new Date(Date.UTC(year, month, 0))
  const back = (lastDay.getUTCDay() - target + 7) % 7
  return `${year}-${pad(month)}-${pad(lastDay.getUTCDate() - back)}`
}
/** A fixed-date federal holiday on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. 6103(b)). */
const observed = (date: string): string => {
  const day = dayOfDate(date)
  return day === 'saturday' ? addDays(date, -1) : day === 'sunday' ? addDays(date, 1) : date
}

/** The eleven US federal holidays (5 U.S.C. 6103) of `year` on their observed dates, `hours` each. */
export const usFederalHolidays = (
  year: number,
  names: Record<UsFederalHoliday, string> = US_FEDERAL_HOLIDAY_NAMES,
  hours = DEFAULT_HOLIDAY_HOURS,
): Holiday[] => {
  const dates: Record<UsFederalHoliday, string> = {
    newYear: observed(`${year}-01-01`),
    mlk: nthWeekday(year, 1, 'monday', 3),
    washington: nthWeekday(year, 2, 'monday', 3),
    memorial: nthWeekday(year, 5, 'monday', -1),
    juneteenth: observed(`${year}-06-19`),
    independence: observed(`${year}-07-04`),
    labor: nthWeekday(year, 9, 'monday', 1),
    columbus: nthWeekday(year, 10, 'monday', 2),
    veterans: observed(`${year}-11-11`),
    thanksgiving: nthWeekday(year, 11, 'thursday', 4),
    christmas: observed(`${year}-12-25`),
  }
  return US_FEDERAL_HOLIDAYS.map((key) => ({ date: dates[key], name: names[key], hours }))
}

/** The paid holiday hours of a member on a holiday: its hours for staff, supervisors and ministers; a volunteer's are 0. */
export const holidayHoursFor = (holiday: Pick<Holiday, 'hours'> | undefined, role: Role): number =>
  !holiday || role === 'volunteer' ? 0 : holiday.hours

// ---- requests ----------------------------------------------------------------------------------

export const TimeOffStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled'])
export type TimeOffStatus = z.infer<typeof TimeOffStatus>

export const MIN_HOURS_PER_DAY = 0.25
export const MAX_HOURS_PER_DAY = 24
export const DEFAULT_HOURS_PER_DAY = 8
export const MAX_REQUEST_DAYS = 60
export const TIME_OFF_NOTE_MAX = 500

export const TIME_OFF_ORDER_MESSAGE = 'The last day must be on or after the first'
export const TIME_OFF_LENGTH_MESSAGE = `A request may cover at most ${MAX_REQUEST_DAYS} days`
export const TIME_OFF_FROM_REQUIRED = 'First day is required'

/** A date field a form may leave blank: blank (or null) is not given. */
const blankIsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema)

/** POST /api/time-off. Without a last day (or with a blank one) the request is for its first day alone. */
export const TimeOffRequestInput = z
  .object({
    kind: TimeOffKind,
    from: blankIsAbsent(
      z
        .string({ error: (issue) => (issue.input === undefined ? TIME_OFF_FROM_REQUIRED : DATE_MESSAGE) })
        .pipe(TimeOffDate),
    ),
    to: blankIsAbsent(TimeOffDate.optional()),
    hoursPerDay: z
      .number({ error: 'Hours per day must be a number' })
      .min(MIN_HOURS_PER_DAY, `Hours per day must be between ${MIN_HOURS_PER_DAY} and ${MAX_HOURS_PER_DAY}`)
      .max(MAX_HOURS_PER_DAY, `Hours per day must be between ${MIN_HOURS_PER_DAY} and ${MAX_HOURS_PER_DAY}`)
      .refine((h) => Number.isInteger(Math.round(h * 100 * 1e6) / 1e6), 'Hours per day may have two decimals')
      .default(DEFAULT_HOURS_PER_DAY),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(TIME_OFF_NOTE_MAX, `Note must be ${TIME_OFF_NOTE_MAX} characters or fewer`)
      .default(''),
  })
  .transform(({ to, ...r }) => ({ ...r, to: to ?? r.from }))
  .refine((r) => r.to >= r.from, { message: TIME_OFF_ORDER_MESSAGE, path: ['to'] })
  .refine((r) => !validDates(r) || r.to < r.from || daysBetween(r.from, r.to).length <= MAX_REQUEST_DAYS, {
    message: TIME_OFF_LENGTH_MESSAGE,
    path: ['to'],
  })
export type TimeOffRequestInput = z.infer<typeof TimeOffRequestInput>

const validDates = (r: { from: string; to: string }) => isValidDate(r.from) && isValidDate(r.to)

/** Every calendar date from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): string[] => {
  const out: string[] = []
  for (let d = from; d <= to && out.length <= MAX_REQUEST_DAYS * 7; d = addDays(d, 1)) out.push(d)
  return out
}

/** The days a request takes, with their hours: every day of the range except the organization's holidays (already paid). */
export const requestDays = (
  r: { from: string; to: string; hoursPerDay: number },
  holidays: readonly Pick<Holiday, 'date'>[],
): { date: string; hours: number }[] => {
  const off = new Set(holidays.map((h) => h.date))
  return daysBetween(r.from, r.to)
    .filter((d) => !off.has(d))
    .map((date) => ({ date, hours: r.hoursPerDay }))
}

export const requestHours = (days: readonly { hours: number }[]): number =>
  fromCentiHours(days.reduce((sum, d) => sum + toCentiHours(d.hours), 0))

export const TIME_OFF_NOT_ELIGIBLE = 'You are not eligible for this kind of time off'
export const TIME_OFF_NO_DAYS = 'These dates are all holidays: there is nothing to request'
export const TIME_OFF_OVERLAP = 'This request overlaps another of your requests'
export const blackoutMessage = (date: string, reason: string) =>
  `Time off is not possible on ${formatLongDate(date)}: ${reason}`
export const balanceMessage = (name: string, available: number, requested: number) =>
  `Not enough ${name} hours: ${available} available, ${requested} requested`

export interface RequestCheck {
  request: TimeOffRequestInput
  policy: TimeOffPolicy
  payType: PayType
  role: Role
  calendar: HolidayCalendar
  /** The member's other requests still standing (pending or approved). */
  existing: readonly { from: string; to: string }[]
  /** The kind's available hours now (balanceOf). */
  availableHours: number
}

/**
 * Checks a request against the organization's rules and answers its days; throws a 400 naming
 * the rule: eligibility (volunteers never), blackout dates (with their reason), overlap with the
 * member's other requests, and the available balance unless the policy allows it to go negative.
 */
export const checkRequest = (c: RequestCheck): { days: { date: string; hours: number }[]; hours: number } => {
  if (!isEligible(c.policy, c.payType, c.role)) throw new AppError(400, 'bad_request', TIME_OFF_NOT_ELIGIBLE)
  const blackout = c.calendar.blackouts.find((b) => c.request.from <= b.date && b.date <= c.request.to)
  if (blackout)
    throw new AppError(400, 'bad_request', blackoutMessage(blackout.date, blackout.reason), undefined, {
      blackout,
    })
  if (c.existing.some((e) => e.from <= c.request.to && c.request.from <= e.to)) throw badRequest(TIME_OFF_OVERLAP)
  const days = requestDays(c.request, c.calendar.holidays)
  if (!days.length) throw badRequest(TIME_OFF_NO_DAYS)
  const hours = requestHours(days)
  if (!c.policy.allowNegative && toCentiHours(hours) > toCentiHours(c.availableHours))
    throw badRequest(balanceMessage(c.policy.name, c.availableHours, hours))
  return { days, hours }
}

/**
 * An adjustment that removes hours may not take the kind below zero where its policy allows no
 * negative balance: the same floor a request meets, so no way around the policy is left.
 */
export const checkAdjustment = (policy: TimeOffPolicy, availableHours: number, hours: number): void => {
  if (hours < 0 && !policy.allowNegative && toCentiHours(availableHours) + toCentiHours(hours) < 0)
    throw badRequest(adjustmentMessage(policy.name, availableHours, -hours))
}

export const adjustmentMessage = (name: string, available: number, removed: number) =>
  `Not enough ${name} hours to remove: ${available} available, ${removed} to remove`

/** Whether a request may still be cancelled on `today`: pending, or approved with its first day ahead. */
export const cancellable = (r: { status: TimeOffStatus; from: string }, today: string): boolean =>
  r.status === 'pending' || (r.status === 'approved' && r.from > today)

// ---- leave beside work (overtime) ---------------------------------------------------------------

/** A member's paid hours of one span: worked (split by overtime rules) and paid leave beside it. */
export interface PaidHours {
  regularHours: number
  overtimeHours: number
  vacationHours: number
  sickHours: number
  personalHours: number
  holidayHours: number
}

/**
 * Adds leave to worked figures. Leave is paid but not worked (29 CFR 778.218): the regular and
 * overtime hours are exactly the worked ones, whatever leave is added.
 */
export const withLeave = (
  worked: { regularHours: number; overtimeHours: number },
  leave: readonly { kind: TimeOffKind | 'holiday'; hours: number }[],
): PaidHours => {
  const sum = (k: TimeOffKind | 'holiday') =>
    fromCentiHours(leave.filter((l) => l.kind === k).reduce((s, l) => s + toCentiHours(l.hours), 0))
  return {
    regularHours: worked.regularHours,
    overtimeHours: worked.overtimeHours,
    vacationHours: sum('vacation'),
    sickHours: sum('sick'),
    personalHours: sum('personal'),
    holidayHours: sum('holiday'),
  }
}
