import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitWeek, DEFAULT_OVERTIME_RULES } from './overtime.ts'
import { formatLongDate, parseLongDate } from './week.ts'
import {
  accruedForWork,
  balanceOf,
  blackoutMessage,
  cancellable,
  capAccrual,
  carryoverForfeit,
  checkAdjustment,
  checkRequest,
  daysBetween,
  replayAccruals,
  defaultTimeOffPolicies,
  HolidayCalendar,
  holidayHoursFor,
  MAX_REQUEST_DAYS,
  TIME_OFF_LENGTH_MESSAGE,
  TIME_OFF_NOT_ELIGIBLE,
  TIME_OFF_ORDER_MESSAGE,
  isEligible,
  policyOf,
  requestDays,
  TimeOffPolicies,
  TimeOffRequestInput,
  toCentiHours,
  usFederalHolidays,
  withLeave,
  yearlyDate,
  type LedgerEntry,
  type TimeOffPolicy,
  type WeekEarning,
} from './time-off.ts'
import { addDays, dayOfDate } from './week.ts'

const ISSUE_BODY = {
  policies: [
    {
      kind: 'vacation',
      name: 'Vacation',
      accrual: { method: 'perHoursWorked', hours: 1, per: 30 },
      capHours: 120,
      carryoverHours: 40,
      allowNegative: false,
      eligiblePayTypes: ['non-exempt', 'exempt', 'minister'],
    },
    { ...defaultTimeOffPolicies().policies[1] },
    { ...defaultTimeOffPolicies().policies[2] },
  ],
}

describe('policies', () => {
  it('parse the issue JSON as it is written', () => {
    const parsed = TimeOffPolicies.parse(ISSUE_BODY)
    expect(parsed.policies[0]).toEqual(ISSUE_BODY.policies[0])
  })

  it('accept each accrual method and refuse an unknown one', () => {
    for (const accrual of [
      { method: 'none' },
      { method: 'perHoursWorked', hours: 1, per: 30 },
      { method: 'perPayPeriod', hours: 4 },
      { method: 'yearly', hours: 40, on: '01-01' },
    ]) {
      const body = { policies: [{ ...ISSUE_BODY.policies[0], accrual }, ...ISSUE_BODY.policies.slice(1)] }
      expect(TimeOffPolicies.safeParse(body).success).toBe(true)
    }
    const bad = {
      policies: [{ ...ISSUE_BODY.policies[0], accrual: { method: 'weekly' } }, ...ISSUE_BODY.policies.slice(1)],
    }
    expect(TimeOffPolicies.safeParse(bad).success).toBe(false)
    const badDay = {
      policies: [
        { ...ISSUE_BODY.policies[0], accrual: { method: 'yearly', hours: 8, on: '02-30' } },
        ...ISSUE_BODY.policies.slice(1),
      ],
    }
    expect(TimeOffPolicies.safeParse(badDay).success).toBe(false)
  })

  it('need all three kinds, once each', () => {
    expect(TimeOffPolicies.safeParse({ policies: ISSUE_BODY.policies.slice(0, 2) }).success).toBe(false)
    const twice = { policies: [ISSUE_BODY.policies[0], ISSUE_BODY.policies[0], ISSUE_BODY.policies[2]] }
    expect(TimeOffPolicies.safeParse(twice).success).toBe(false)
  })

  it('cannot list volunteers as eligible, and volunteers are never eligible', () => {
    const body = {
      policies: [{ ...ISSUE_BODY.policies[0], eligiblePayTypes: ['volunteer'] }, ...ISSUE_BODY.policies.slice(1)],
    }
    expect(TimeOffPolicies.safeParse(body).success).toBe(false)
    const policy = TimeOffPolicies.parse(ISSUE_BODY).policies[0]!
    expect(isEligible(policy, 'non-exempt', 'volunteer')).toBe(false)
    expect(isEligible(policy, 'non-exempt', 'employee')).toBe(true)
    expect(isEligible({ ...policy, eligiblePayTypes: ['exempt'] }, 'non-exempt', 'employee')).toBe(false)
  })

  it('start as the three kinds, granted by a supervisor, never negative', () => {
    const d = defaultTimeOffPolicies()
    expect(d.policies.map((p) => p.kind)).toEqual(['vacation', 'sick', 'personal'])
    expect(d.policies.every((p) => p.accrual.method === 'none' && !p.allowNegative)).toBe(true)
    expect(TimeOffPolicies.parse(d)).toEqual(d)
    expect(policyOf(d, 'sick').name).toBe('Sick')
  })
})

describe('accrual', () => {
  it('gives the issue figures: 45 h at 1 per 10 is 4.5 h, 36 h is 3.6 h, together 8.1 h', () => {
    const a = accruedForWork(45 * 60, { hours: 1, per: 10 })
    const b = accruedForWork(36 * 60, { hours: 1, per: 10 })
    expect([a, b, a + b]).toEqual([450, 360, 810])
    expect(accruedForWork(30 * 60, { hours: 1, per: 30 })).toBe(100)
  })

  it('is monotonic, never more than earned, and additive up to rounding (fast-check)', () => {
    const rate = fc.record({
      hours: fc.integer({ min: 1, max: 400 }).map((n) => n / 100),
      per: fc.integer({ min: 1, max: 100 }),
    })
    fc.assert(
      fc.property(fc.nat(10000), fc.nat(10000), rate, (m1, m2, r) => {
        const a = accruedForWork(m1, r)
        const b = accruedForWork(m2, r)
        const both = accruedForWork(m1 + m2, r)
        const exact = (m1 * r.hours * 100) / (r.per * 60)
        expect(a).toBeGreaterThanOrEqual(0)
        expect(a).toBeLessThanOrEqual(exact + 1e-6)
        expect(exact - a).toBeLessThan(1 + 1e-6)
        if (m1 <= m2) expect(a).toBeLessThanOrEqual(b)
        expect(both - a - b).toBeGreaterThanOrEqual(0)
        expect(both - a - b).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('never takes a balance past its cap, and never removes hours (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 20000 }),
        fc.nat(5000),
        fc.option(fc.nat(200), { nil: null }),
        (balance, centi, cap) => {
          const granted = capAccrual(balance, centi, cap)
          expect(granted).toBeGreaterThanOrEqual(0)
          expect(granted).toBeLessThanOrEqual(centi)
          if (cap === null) expect(granted).toBe(centi)
          else if (balance <= cap * 100) expect(balance + granted).toBeLessThanOrEqual(cap * 100)
          else expect(granted).toBe(0)
        },
      ),
    )
  })

  it('keeps at most the carryover at the year start, and never adds (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 50000 }), fc.option(fc.nat(500), { nil: null }), (balance, carry) => {
        const forfeit = carryoverForfeit(balance, carry)
        expect(forfeit).toBeGreaterThanOrEqual(0)
        if (carry === null) expect(forfeit).toBe(0)
        else expect(balance - forfeit).toBe(Math.min(balance, carry * 100))
      }),
    )
  })

  it('grants a yearly accrual on its day, 02-29 on 02-28 outside leap years', () => {
    expect(yearlyDate('01-01', 2027)).toBe('2027-01-01')
    expect(yearlyDate('02-29', 2028)).toBe('2028-02-29')
    expect(yearlyDate('02-29', 2027)).toBe('2027-02-28')
  })
})

/** A member's ledger of one kind as the replay reads it. */
type Posted = Pick<LedgerEntry, 'id' | 'hours' | 'date' | 'earned'>

const isWeekAccrual = (id: string) => id.startsWith('ACC#TS#')

/** The ledger after a replay: its postings written (hours and earning in hours), its removals made. */
const applied = (ledger: Posted[], replay: ReturnType<typeof replayAccruals>): Posted[] => {
  const ids = new Set([...replay.post.map((p) => p.id), ...replay.remove])
  return [
    ...ledger.filter((e) => !ids.has(e.id)),
    ...replay.post.map((p) => ({ id: p.id, date: p.date, hours: p.granted / 100, earned: p.earned / 100 })),
  ]
}

/** What the functions do when a week is approved or sent back, from the member's ledger alone. */
const approve = (ledger: Posted[], week: WeekEarning, cap: number | null, limit?: number) =>
  applied(ledger, replayAccruals(ledger, { approved: week }, cap, isWeekAccrual, limit))
const sendBack = (ledger: Posted[], id: string, cap: number | null) =>
  applied(ledger, replayAccruals(ledger, { removed: id }, cap, isWeekAccrual))
const centiOf = (ledger: Posted[]) => ledger.reduce((sum, e) => sum + toCentiHours(e.hours), 0)

describe('accruals worked out again', () => {
  const week1 = { id: 'ACC#TS#1#sick', date: '2026-11-08', earned: 416 }
  const week2 = { id: 'ACC#TS#2#sick', date: '2026-11-15', earned: 160 }
  const week3 = { id: 'ACC#TS#3#sick', date: '2026-11-22', earned: 50 }

  it('give back what the cap held when the week that filled it is sent back, and after its new approval', () => {
    let ledger: Posted[] = []
    ledger = approve(ledger, week1, 5)
    expect(centiOf(ledger)).toBe(416)
    ledger = approve(ledger, week2, 5)
    // The posting keeps what the week earned beside what the cap granted.
    expect(ledger).toContainEqual({ id: week2.id, date: week2.date, hours: 0.84, earned: 1.6 })
    expect(centiOf(ledger)).toBe(500)
    ledger = sendBack(ledger, week1.id, 5)
    expect(ledger).toEqual([{ id: week2.id, date: week2.date, hours: 1.6, earned: 1.6 }])
    ledger = approve(ledger, { ...week1, earned: 240 }, 5)
    expect(centiOf(ledger)).toBe(400)
  })

  it('keep a posting of 0 hours, with its earning, for a week the cap grants nothing: a send-back gives it back', () => {
    let ledger: Posted[] = []
    ledger = approve(ledger, { ...week1, earned: 500 }, 5)
    ledger = approve(ledger, week2, 5)
    expect(ledger).toContainEqual({ id: week2.id, date: week2.date, hours: 0, earned: 1.6 })
    ledger = sendBack(ledger, week1.id, 5)
    expect(ledger).toEqual([{ id: week2.id, date: week2.date, hours: 1.6, earned: 1.6 }])
  })

  it('count a posting written before postings kept their earning as earning its hours, and leave it as it is', () => {
    const legacy: Posted = { id: week2.id, date: week2.date, hours: 0.84 }
    const ledger: Posted[] = [{ ...week1, hours: 4.16, earned: 4.16 }, legacy]
    expect(replayAccruals(ledger, { removed: week1.id }, 5, isWeekAccrual)).toEqual({ post: [], remove: [week1.id] })
    // Approving an earlier week that fills the cap takes it down, its earning its hours.
    const earlier = { id: 'ACC#TS#0#sick', date: '2026-11-01', earned: 500 }
    expect(replayAccruals([legacy], { approved: earlier }, 5, isWeekAccrual)).toEqual({
      post: [
        { id: earlier.id, date: earlier.date, granted: 500, earned: 500 },
        { id: week2.id, date: week2.date, granted: 0, earned: 84 },
      ],
      remove: [],
    })
  })

  it('cap each week against the balance at its date: entries dated later do not count, earlier ones do', () => {
    const ledger: Posted[] = [
      { id: 'ADJ#a', date: '2026-11-01', hours: 3 },
      { id: 'REQ#r', date: '2026-11-10', hours: -2 },
      { id: 'ADJ#b', date: '2026-11-20', hours: 4 },
      { id: week2.id, date: week2.date, hours: 1.6, earned: 1.6 },
    ]
    expect(replayAccruals(ledger, { approved: week1 }, 5, isWeekAccrual)).toEqual({
      post: [{ id: week1.id, date: week1.date, granted: 200, earned: 416 }],
      remove: [],
    })
  })

  it('leave earlier weeks and other postings as they are; no cap grants every earning; a week earning nothing has no posting', () => {
    const ledger: Posted[] = [
      { id: week1.id, date: week1.date, hours: 4.16, earned: 4.16 },
      { id: 'ACC#PERIOD#2026-11-01#sick', date: week3.date, hours: 1 },
    ]
    expect(replayAccruals(ledger, { approved: week2 }, null, isWeekAccrual)).toEqual({
      post: [{ id: week2.id, date: week2.date, granted: 160, earned: 160 }],
      remove: [],
    })
    expect(replayAccruals(ledger, { approved: { ...week1, earned: 0 } }, null, isWeekAccrual)).toEqual({
      post: [],
      remove: [week1.id],
    })
    expect(replayAccruals(ledger, { removed: 'ACC#TS#9#sick' }, 5, isWeekAccrual)).toEqual({ post: [], remove: [] })
  })

  it('work out at most `limit` later weeks: those after keep their postings as they are', () => {
    let ledger: Posted[] = []
    for (const w of [week1, week2, week3]) ledger = approve(ledger, w, 5)
    expect(ledger.map((e) => e.hours)).toEqual([4.16, 0.84, 0])
    ledger = approve(ledger, { id: 'ACC#TS#0#sick', date: '2026-11-01', earned: 100 }, 5, 1)
    expect(ledger.map((e) => [e.id, e.hours])).toEqual([
      [week2.id, 0.84],
      [week3.id, 0],
      ['ACC#TS#0#sick', 1],
      [week1.id, 4],
    ])
  })

  it('end, for any order of approvals and send-backs, at the balance of approving the remaining weeks in date order (fast-check)', () => {
    const op = fc.record({ week: fc.nat(7), approve: fc.boolean(), earned: fc.nat(800) })
    const other = fc.record({
      week: fc.integer({ min: -1, max: 8 }),
      day: fc.nat(6),
      hours: fc.integer({ min: -800, max: 800 }),
    })
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 40 }),
        fc.array(other, { maxLength: 6 }),
        fc.option(fc.nat(40), { nil: null }),
        (ops, others, cap) => {
          const dateOf = (week: number, day = 6) => addDays('2026-01-05', 7 * week + day)
          const base: Posted[] = others.map((o, i) => ({
            id: `ADJ#${i}`,
            date: dateOf(o.week, o.day),
            hours: o.hours / 100,
          }))
          // The replay reads the ledger alone; the weeks approved are kept here only for the answer.
          let ledger = base
          let approved: WeekEarning[] = []
          for (const o of ops) {
            const id = `ACC#TS#${o.week}#sick`
            const was = approved.find((w) => w.id === id)
            if (o.approve && !was) {
              const week = { id, date: dateOf(o.week), earned: o.earned }
              ledger = approve(ledger, week, cap)
              approved = [...approved, week]
            } else if (!o.approve && was) {
              ledger = sendBack(ledger, id, cap)
              approved = approved.filter((w) => w !== was)
            }
          }
          // Approved in date order, each week is capped once against the balance at its date.
          let inOrder = base
          const sorted = [...approved].sort((a, b) => a.date.localeCompare(b.date))
          for (const w of sorted) {
            const balance = inOrder.reduce((sum, e) => (e.date <= w.date ? sum + toCentiHours(e.hours) : sum), 0)
            const granted = capAccrual(balance, w.earned, cap)
            if (w.earned > 0)
              inOrder = [...inOrder, { id: w.id, date: w.date, hours: granted / 100, earned: w.earned / 100 }]
          }
          expect(centiOf(ledger)).toBe(centiOf(inOrder))
          // The postings themselves agree too, and replaying everything again changes nothing.
          const byId = (l: Posted[]) => [...l].sort((a, b) => a.id.localeCompare(b.id))
          expect(byId(ledger)).toEqual(byId(inOrder))
          if (sorted.length)
            expect(replayAccruals(ledger, { approved: sorted[0]! }, cap, isWeekAccrual)).toEqual({
              post: [],
              remove: [],
            })
          // With nothing else in the ledger, the balance is every earning, held at the cap.
          if (!others.length) {
            const earned = approved.reduce((sum, w) => sum + w.earned, 0)
            expect(centiOf(ledger)).toBe(cap === null ? earned : Math.min(earned, cap * 100))
          }
        },
      ),
    )
  })
})

const entry = (p: Partial<LedgerEntry> & Pick<LedgerEntry, 'type' | 'hours' | 'date'>) => ({ status: null, ...p })

describe('balances', () => {
  it('split the issue ledger: 8.1 accrued, 8 used, 0.1 available', () => {
    const b = balanceOf(
      [
        entry({ type: 'accrual', hours: 4.5, date: '2026-11-08' }),
        entry({ type: 'request', hours: -8, date: '2026-11-09', status: 'approved' }),
        entry({ type: 'accrual', hours: 3.6, date: '2026-11-15' }),
      ],
      '2026-11-26',
    )
    expect(b).toEqual({ accruedHours: 8.1, usedHours: 8, scheduledHours: 0, availableHours: 0.1 })
  })

  it('count approved days ahead and pending requests as scheduled', () => {
    const b = balanceOf(
      [
        entry({ type: 'adjustment', hours: 40, date: '2026-01-01' }),
        entry({ type: 'request', hours: -8, date: '2026-12-01', status: 'approved' }),
        entry({ type: 'request', hours: -4, date: '2026-11-01', status: 'pending' }),
        entry({ type: 'carryover', hours: -2, date: '2026-01-01' }),
      ],
      '2026-11-26',
    )
    expect(b).toEqual({ accruedHours: 38, usedHours: 0, scheduledHours: 12, availableHours: 26 })
  })

  it('always hold available = accrued - used - scheduled, exactly in hundredths (fast-check)', () => {
    const e = fc.record({
      type: fc.constantFrom('accrual', 'adjustment', 'carryover', 'request' as const),
      hours: fc.integer({ min: -4000, max: 4000 }).map((n) => n / 100),
      date: fc.constantFrom('2026-01-01', '2026-11-26', '2026-12-31'),
      status: fc.constantFrom('pending', 'approved' as const),
    })
    fc.assert(
      fc.property(fc.array(e, { maxLength: 30 }), (entries) => {
        const b = balanceOf(entries, '2026-11-26')
        expect(toCentiHours(b.availableHours)).toBe(
          toCentiHours(b.accruedHours) - toCentiHours(b.usedHours) - toCentiHours(b.scheduledHours),
        )
        const total = entries.reduce((s, x) => s + toCentiHours(x.hours), 0)
        expect(toCentiHours(b.availableHours)).toBe(total)
      }),
    )
  })
})

describe('holidays', () => {
  it('knows the US federal holidays of 2026 on their observed dates', () => {
    const hs = usFederalHolidays(2026)
    expect(hs.map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4th is a Saturday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ])
    expect(hs.find((h) => h.date === '2026-11-26')).toEqual({ date: '2026-11-26', name: 'Thanksgiving Day', hours: 8 })
  })

  it('every year: eleven weekdays, Thanksgiving a Thursday from the 22nd to the 28th (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2001, max: 2099 }), (year) => {
        const hs = usFederalHolidays(year)
        expect(hs).toHaveLength(11)
        for (const h of hs) expect(['saturday', 'sunday']).not.toContain(dayOfDate(h.date))
        const t = hs[9]!.date
        expect(dayOfDate(t)).toBe('thursday')
        expect(Number(t.slice(8))).toBeGreaterThanOrEqual(22)
        expect(Number(t.slice(8))).toBeLessThanOrEqual(28)
        expect(HolidayCalendar.safeParse({ holidays: hs, blackouts: [] }).success).toBe(true)
      }),
    )
  })

  it('pay an eligible member the holiday hours and a volunteer nothing', () => {
    const h = { hours: 8 }
    expect(holidayHoursFor(h, 'employee')).toBe(8)
    expect(holidayHoursFor(h, 'supervisor')).toBe(8)
    expect(holidayHoursFor(h, 'volunteer')).toBe(0)
    expect(holidayHoursFor(undefined, 'employee')).toBe(0)
  })

  it('refuse two holidays or two blackouts on one date, default to 8 hours', () => {
    // One a date for the whole church, or one a date for each campus.
    const day = (name: string, campusId?: string) => ({ date: '2026-11-02', name, ...(campusId ? { campusId } : {}) })
    expect(HolidayCalendar.safeParse({ holidays: [day('A', 'north'), day('B', 'south')], blackouts: [] }).success).toBe(
      true,
    )
    expect(HolidayCalendar.safeParse({ holidays: [day('A', 'north'), day('B', 'north')], blackouts: [] }).success).toBe(
      false,
    )
    expect(HolidayCalendar.safeParse({ holidays: [day('A', 'North!')], blackouts: [] }).success).toBe(false)
    // The whole church's holiday and a campus's on one date would pay that campus's members twice.
    for (const holidays of [
      [day('A'), day('B', 'north')],
      [day('B', 'north'), day('A')],
    ])
      expect(HolidayCalendar.safeParse({ holidays, blackouts: [] }).error?.issues.map((i) => i.message)).toEqual([
        'Each date may hold one holiday',
      ])
    expect(
      HolidayCalendar.safeParse({ holidays: [day('A'), { ...day('B', 'north'), date: '2026-11-03' }], blackouts: [] })
        .success,
    ).toBe(true)
    expect(
      HolidayCalendar.safeParse({
        holidays: [
          { date: '2026-12-25', name: 'A' },
          { date: '2026-12-25', name: 'B' },
        ],
        blackouts: [],
      }).success,
    ).toBe(false)
    expect(
      HolidayCalendar.safeParse({
        holidays: [],
        blackouts: [
          { date: '2026-04-05', reason: 'Easter Sunday' },
          { date: '2026-04-05', reason: 'again' },
        ],
      }).success,
    ).toBe(false)
    expect(
      HolidayCalendar.parse({ holidays: [{ date: '2026-12-25', name: 'Christmas' }], blackouts: [] }).holidays[0]!
        .hours,
    ).toBe(8)
    expect(HolidayCalendar.safeParse({ holidays: [], blackouts: [{ date: '2026-04-05', reason: ' ' }] }).success).toBe(
      false,
    )
  })
})

describe('requests', () => {
  const policy: TimeOffPolicy = { ...defaultTimeOffPolicies().policies[0]! }
  const calendar = HolidayCalendar.parse({
    holidays: [{ date: '2026-11-26', name: 'Thanksgiving', hours: 8 }],
    blackouts: [{ date: '2026-04-05', reason: 'Easter Sunday' }],
  })
  const req = (over: object = {}) =>
    TimeOffRequestInput.parse({ kind: 'vacation', from: '2026-11-09', to: '2026-11-09', ...over })
  const check = (over: Partial<Parameters<typeof checkRequest>[0]> = {}) =>
    checkRequest({
      request: req(),
      policy,
      payType: 'non-exempt',
      role: 'employee',
      calendar,
      existing: [],
      availableHours: 8,
      ...over,
    })

  it('default to 8 hours a day and keep 0.25 to 24', () => {
    expect(req().hoursPerDay).toBe(8)
    expect(
      TimeOffRequestInput.safeParse({ kind: 'sick', from: '2026-11-09', to: '2026-11-09', hoursPerDay: 0.25 }).success,
    ).toBe(true)
    expect(
      TimeOffRequestInput.safeParse({ kind: 'sick', from: '2026-11-09', to: '2026-11-09', hoursPerDay: 0.2 }).success,
    ).toBe(false)
    expect(
      TimeOffRequestInput.safeParse({ kind: 'sick', from: '2026-11-09', to: '2026-11-09', hoursPerDay: 24.5 }).success,
    ).toBe(false)
    expect(TimeOffRequestInput.safeParse({ kind: 'sick', from: '2026-11-10', to: '2026-11-09' }).success).toBe(false)
    expect(TimeOffRequestInput.safeParse({ kind: 'sick', from: '2026-11-31', to: '2026-12-01' }).success).toBe(false)
    expect(TimeOffRequestInput.safeParse({ kind: 'holiday', from: '2026-11-09', to: '2026-11-09' }).success).toBe(false)
  })

  it.each([undefined, null, '', '  '])('are for the first day alone without a last day (%j)', (to) =>
    expect(TimeOffRequestInput.parse({ kind: 'sick', from: '2026-11-09', to })).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-09',
    }),
  )

  it.each([undefined, null, '', '  '])('need a first day (%j), and say so on it alone', (from) => {
    const issues = TimeOffRequestInput.safeParse({ kind: 'sick', from, to: '' }).error?.issues
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([['from', 'First day is required']])
  })

  it('read a first day that is not a date as a date to fix', () =>
    expect(TimeOffRequestInput.safeParse({ kind: 'sick', from: 'soon' }).error?.issues[0]?.message).toBe(
      'Use a date like 2026-11-16',
    ))

  it('answer the days and hours of a request within the balance', () => {
    expect(check()).toEqual({ days: [{ date: '2026-11-09', hours: 8 }], hours: 8 })
  })

  it('skip holidays inside the range', () => {
    expect(requestDays(req({ from: '2026-11-25', to: '2026-11-27', hoursPerDay: 4 }), calendar.holidays)).toEqual([
      { date: '2026-11-25', hours: 4 },
      { date: '2026-11-27', hours: 4 },
    ])
    expect(() => check({ request: req({ from: '2026-11-26', to: '2026-11-26' }) })).toThrow(/all holidays/)
  })

  it('writes a date in a message as a person reads it, and reads it back', () => {
    expect(formatLongDate('2026-12-24')).toBe('Thursday, Dec 24, 2026')
    expect(blackoutMessage('2026-12-24', 'Christmas Eve')).toBe(
      'Time off is not possible on Thursday, Dec 24, 2026: Christmas Eve',
    )
    expect(parseLongDate('Thursday, Dec 24, 2026')).toBe('2026-12-24')
    expect(parseLongDate('Sunday, Apr 5, 2026')).toBe('2026-04-05')
    // A weekday that does not agree, a date that does not exist, or any other text is no date.
    expect(parseLongDate('Friday, Dec 24, 2026')).toBeUndefined()
    expect(parseLongDate('Monday, Feb 30, 2026')).toBeUndefined()
    expect(parseLongDate('2026-12-24')).toBeUndefined()
    expect(parseLongDate('Easter Sunday')).toBeUndefined()
  })

  it('refuse a request touching a blackout date with its reason', () => {
    expect(() => check({ request: req({ from: '2026-04-03', to: '2026-04-06' }), availableHours: 100 })).toThrow(
      blackoutMessage('2026-04-05', 'Easter Sunday'),
    )
  })

  it('refuse more than the balance unless negative is allowed', () => {
    expect(() => check({ availableHours: 7.99 })).toThrow('Not enough Vacation hours: 7.99 available, 8 requested')
    expect(check({ availableHours: 0, policy: { ...policy, allowNegative: true } }).hours).toBe(8)
  })

  it('let an adjustment remove hours down to zero, and below only where negative is allowed', () => {
    expect(() => checkAdjustment(policy, 7.5, -7.51)).toThrow(
      'Not enough Vacation hours to remove: 7.5 available, 7.51 to remove',
    )
    expect(() => checkAdjustment(policy, 7.5, -7.5)).not.toThrow()
    expect(() => checkAdjustment(policy, -2, 1)).not.toThrow()
    expect(() => checkAdjustment({ ...policy, allowNegative: true }, 0, -40)).not.toThrow()
  })

  it('never leave a balance below zero after a checked adjustment, where negative is not allowed (fast-check)', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100000 }),
        fc.integer({ min: -100000, max: 100000 }),
        (available, change) => {
          let refused = false
          try {
            checkAdjustment(policy, available / 100, change / 100)
          } catch {
            refused = true
          }
          expect(refused).toBe(change < 0 && available + change < 0)
        },
      ),
    ))

  it('refuse overlapping requests and volunteers', () => {
    expect(() => check({ existing: [{ from: '2026-11-08', to: '2026-11-09' }] })).toThrow(/overlaps/)
    expect(check({ existing: [{ from: '2026-11-10', to: '2026-11-12' }] }).hours).toBe(8)
    expect(() => check({ role: 'volunteer' })).toThrow(/not eligible/)
  })

  it('may be cancelled while pending, or approved with the first day ahead', () => {
    expect(cancellable({ status: 'pending', from: '2026-01-01' }, '2026-11-26')).toBe(true)
    expect(cancellable({ status: 'approved', from: '2026-11-27' }, '2026-11-26')).toBe(true)
    expect(cancellable({ status: 'approved', from: '2026-11-26' }, '2026-11-26')).toBe(false)
    expect(cancellable({ status: 'rejected', from: '2026-12-26' }, '2026-11-26')).toBe(false)
  })
})

describe('paid leave and overtime', () => {
  it('the issue week 2: 36 worked and 8 vacation is 36 regular, 0 overtime, 8 vacation', () => {
    const worked = splitWeek([8 * 60, 9 * 60, 9 * 60, 10 * 60], DEFAULT_OVERTIME_RULES, true)
    const paid = withLeave({ regularHours: worked.regular / 60, overtimeHours: worked.overtime / 60 }, [
      { kind: 'vacation', hours: 8 },
    ])
    expect(paid).toEqual({
      regularHours: 36,
      overtimeHours: 0,
      vacationHours: 8,
      sickHours: 0,
      personalHours: 0,
      holidayHours: 0,
    })
  })

  it('leave never changes regular or overtime hours (fast-check)', () => {
    const leave = fc.array(
      fc.record({
        kind: fc.constantFrom('vacation', 'sick', 'personal', 'holiday' as const),
        hours: fc.integer({ min: 25, max: 2400 }).map((n) => n / 100),
      }),
      { maxLength: 7 },
    )
    fc.assert(
      fc.property(fc.array(fc.nat(16 * 60), { minLength: 7, maxLength: 7 }), leave, (days, l) => {
        const s = splitWeek(days, DEFAULT_OVERTIME_RULES, true)
        const worked = { regularHours: s.regular / 60, overtimeHours: s.overtime / 60 }
        const paid = withLeave(worked, l)
        expect(paid.regularHours).toBe(worked.regularHours)
        expect(paid.overtimeHours).toBe(worked.overtimeHours)
        const leaveCenti = l.reduce((a, x) => a + toCentiHours(x.hours), 0)
        expect(
          toCentiHours(paid.vacationHours) +
            toCentiHours(paid.sickHours) +
            toCentiHours(paid.personalHours) +
            toCentiHours(paid.holidayHours),
        ).toBe(leaveCenti)
      }),
    )
  })
})

describe('time off, case by case', () => {
  const issuesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    r.error?.issues.map((i) => ({ message: i.message, path: i.path })) ?? []
  const thrown = (f: () => unknown) => {
    try {
      f()
    } catch (e) {
      return e as { status: number; code: string; message: string; details?: unknown }
    }
    throw new Error('did not throw')
  }

  it('starts every organization with the same three policies', () => {
    expect(defaultTimeOffPolicies().policies[0]).toEqual({
      kind: 'vacation',
      name: 'Vacation',
      accrual: { method: 'none' },
      capHours: null,
      carryoverHours: null,
      allowNegative: false,
      eligiblePayTypes: ['non-exempt', 'exempt', 'minister'],
    })
  })

  it('needs exactly three policies, and takes a kind’s stored policy over the default', () => {
    const all = TimeOffPolicies.parse(ISSUE_BODY).policies
    expect(issuesOf(TimeOffPolicies.safeParse({ policies: [...all, all[0]] }))).toEqual([
      { message: 'Give one policy for each kind: vacation, sick and personal', path: ['policies'] },
    ])
    expect(policyOf({ policies: all }, 'vacation')).toBe(all[0])
    expect(policyOf({ policies: [all[0]!] }, 'personal')).toEqual(defaultTimeOffPolicies().policies[2])
  })

  it('accrues nothing for no or negative work, and grants a yearly accrual on any valid day', () => {
    expect(accruedForWork(0, { hours: 1, per: 10 })).toBe(0)
    expect(accruedForWork(-600, { hours: 1, per: 10 })).toBe(0)
    expect(yearlyDate('03-01', 2027)).toBe('2027-03-01')
  })

  it('counts an approved day of today as used, not scheduled', () => {
    const b = balanceOf([{ type: 'request', hours: -8, date: '2026-11-26', status: 'approved' }], '2026-11-26')
    expect([b.usedHours, b.scheduledHours]).toEqual([8, 0])
  })

  it('keeps holidays and blackouts in date order, two different blackouts allowed', () => {
    const calendar = HolidayCalendar.parse({
      holidays: [
        { date: '2026-12-25', name: 'Christmas' },
        { date: '2026-11-26', name: 'Thanksgiving' },
      ],
      blackouts: [
        { date: '2026-12-24', reason: 'Christmas Eve' },
        { date: '2026-04-05', reason: 'Easter Sunday' },
      ],
    })
    expect(calendar.holidays.map((h) => h.date)).toEqual(['2026-11-26', '2026-12-25'])
    expect(calendar.blackouts.map((b) => b.date)).toEqual(['2026-04-05', '2026-12-24'])
  })

  it('takes hours per day with two decimals, and a request of at most the longest length', () => {
    const req = (from: string, to: string, over: object = {}) =>
      TimeOffRequestInput.safeParse({ kind: 'vacation', from, to, ...over })
    expect(issuesOf(req('2026-11-09', '2026-11-09', { hoursPerDay: 0.255 }))).toEqual([
      { message: 'Hours per day may have two decimals', path: ['hoursPerDay'] },
    ])
    expect(req('2026-11-09', '2026-11-09', { hoursPerDay: 7.75 }).success).toBe(true)
    expect(MAX_REQUEST_DAYS).toBe(60)
    expect(req('2026-01-01', '2026-03-01').success).toBe(true) // 60 days
    expect(issuesOf(req('2026-01-01', '2026-03-02'))).toEqual([{ message: TIME_OFF_LENGTH_MESSAGE, path: ['to'] }])
    expect(issuesOf(req('2026-11-10', '2026-11-09'))).toEqual([{ message: TIME_OFF_ORDER_MESSAGE, path: ['to'] }])
  })

  it('lists the days of a range, at most seven times the longest request', () => {
    expect(daysBetween('2026-11-09', '2026-11-11')).toEqual(['2026-11-09', '2026-11-10', '2026-11-11'])
    expect(daysBetween('2026-01-01', '2099-12-31')).toHaveLength(MAX_REQUEST_DAYS * 7 + 1)
  })

  describe('a request’s check', () => {
    const calendar = HolidayCalendar.parse({
      holidays: [],
      blackouts: [{ date: '2026-04-05', reason: 'Easter Sunday' }],
    })
    const check = (from: string, to: string, over: Partial<Parameters<typeof checkRequest>[0]> = {}) =>
      checkRequest({
        request: TimeOffRequestInput.parse({ kind: 'vacation', from, to }),
        policy: defaultTimeOffPolicies().policies[0]!,
        payType: 'non-exempt',
        role: 'employee',
        calendar,
        existing: [],
        availableHours: 100,
        ...over,
      })

    it('refuses a range that begins or ends on a blackout, with its reason, and passes ranges beside it', () => {
      for (const [from, to] of [
        ['2026-04-05', '2026-04-06'],
        ['2026-04-03', '2026-04-05'],
      ]) {
        const e = thrown(() => check(from!, to!))
        expect([e.status, e.code, e.message]).toEqual([
          400,
          'bad_request',
          'Time off is not possible on Sunday, Apr 5, 2026: Easter Sunday',
        ])
        expect(e.details).toEqual({ blackout: { date: '2026-04-05', reason: 'Easter Sunday' } })
      }
      expect(check('2026-04-01', '2026-04-02').hours).toBe(16)
      expect(check('2026-04-06', '2026-04-06').hours).toBe(8)
    })

    it('refuses a range that shares a day with another request, and passes one beside it', () => {
      const existing = [{ from: '2026-11-10', to: '2026-11-12' }]
      expect(thrown(() => check('2026-11-12', '2026-11-13', { existing })).message).toMatch(/overlaps/)
      expect(thrown(() => check('2026-11-09', '2026-11-10', { existing })).message).toMatch(/overlaps/)
      expect(check('2026-11-13', '2026-11-13', { existing }).hours).toBe(8)
      expect(check('2026-11-09', '2026-11-09', { existing }).hours).toBe(8)
    })

    it('refuses a member who is not eligible with a 400', () => {
      const e = thrown(() => check('2026-11-09', '2026-11-09', { role: 'volunteer' }))
      expect([e.status, e.code, e.message]).toEqual([400, 'bad_request', TIME_OFF_NOT_ELIGIBLE])
    })
  })
})
