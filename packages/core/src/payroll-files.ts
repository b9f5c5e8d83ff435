import { englishCsvWords, hundredthsOfDays, toCsv, type CsvWords } from './csv.ts'
import { hoursOf, type DayFigures, type MemberWeek } from './overtime.ts'
import type { PayType } from './pay-types.ts'
import { apportion, UNALLOCATED } from './allocation.ts'
import { dayAllocationsOf } from './allocation-report.ts'
import {
  adpLeavePairs,
  DEFAULT_ADP_LEAVE_CODES,
  DEFAULT_IIF_LEAVE_ITEMS,
  LEAVE_CSV_WORDS,
  leaveCells,
  leaveSummary,
  type LeaveKind,
  type LeaveTotals,
} from './time-off-payroll.ts'

/**
 * Payroll totals and the files payroll systems import, all from the member-week
 * figures approval stored. Minutes are added up first and turned into hours (two decimals) once.
 */

export interface PayrollPerson {
  employeeId: string
  firstName: string
  lastName: string
  department: string | null
  payrollId: string | null
}

export interface MemberTotals extends PayrollPerson {
  payType: PayType
  paidMinutes: number
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
  breakMinutes: number
  daysWorked: number
  /** Every worked day, in date order (weeks are added oldest first, their days in order). */
  days: DayFigures[]
  /** Paid leave (time off and holidays) in the range, never in regular or overtime. */
  leave?: LeaveTotals
}

/** A member's totals before any week is added (or for one with paid leave and no week worked). */
export const noHoursOf = (person: PayrollPerson, payType: PayType): MemberTotals => ({
  ...person,
  payType,
  paidMinutes: 0,
  regularMinutes: 0,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  breakMinutes: 0,
  daysWorked: 0,
  days: [],
})

const byName = (a: PayrollPerson, b: PayrollPerson) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  a.employeeId.localeCompare(b.employeeId)

/**
 * Adds up member-weeks per member, by last name. `person` names a member (removed ones too);
 * the pay type shown is the one of the member's latest week.
 */
export const totalsByMember = (
  weeks: readonly MemberWeek[],
  person: (employeeId: string) => PayrollPerson,
): MemberTotals[] => {
  const totals = new Map<string, MemberTotals & { latestWeek: string }>()
  for (const w of [...weeks].sort((a, b) => a.weekStartDate.localeCompare(b.weekStartDate))) {
    const t = totals.get(w.employeeId) ?? { ...noHoursOf(person(w.employeeId), w.payType), latestWeek: w.weekStartDate }
    t.payType = w.payType
    t.paidMinutes += w.paidMinutes
    t.regularMinutes += w.regularMinutes
    t.overtimeMinutes += w.overtimeMinutes
    t.doubleTimeMinutes += w.doubleTimeMinutes
    t.breakMinutes += w.breakMinutes
    t.daysWorked += w.daysWorked
    t.days.push(...w.days)
    totals.set(w.employeeId, t)
  }
  return [...totals.values()].map(({ latestWeek: _latest, ...t }) => t).sort(byName)
}

/** A member as GET /api/payroll/summary answers it. */
export const summaryRow = (t: MemberTotals) => ({
  employeeId: t.employeeId,
  firstName: t.firstName,
  lastName: t.lastName,
  payType: t.payType,
  payrollId: t.payrollId,
  regularHours: hoursOf(t.regularMinutes),
  overtimeHours: hoursOf(t.overtimeMinutes),
  doubleTimeHours: hoursOf(t.doubleTimeMinutes),
  breakMinutes: t.breakMinutes,
  daysWorked: t.daysWorked,
  ...leaveSummary(t.leave),
})

const hours = (minutes: number) => hoursOf(minutes).toFixed(2)

/** A figure in hundredths of an hour, as every payroll file prints it (hoursOf, times 100). */
const hundredthsOf = (minutes: number) => Math.round((minutes / 60) * 100)
const hundredthsText = (hundredths: number) => (hundredths / 100).toFixed(2)

/** The figures of a member and of their days that the files print in hours. */
const DAY_KINDS = ['paidMinutes', 'regularMinutes', 'overtimeMinutes', 'doubleTimeMinutes'] as const

/** One share of a member's figures, in hundredths of an hour (what the files print). */
export interface MemberShare {
  /** The share's key: a code's id (the payroll CSV) or a cost number, '' for none (ADP). */
  key: string
  paid: number
  regular: number
  overtime: number
  doubleTime: number
}

/**
 * A member's paid, regular, overtime and double-time figures shared among keys (a key per
 * code: its id, or its cost number for ADP). Each day's minutes of each kind are shared among the
 * keys its allocation names in the same proportions (whole minutes, adding up exactly, as the IIF
 * rows share them); the member's printed total of each kind, in hundredths of an hour, is then
 * shared by those minutes (largest remainder), so the shares' printed hours always add up to exactly
 * the hours the member's own row prints. Keys come in order of first appearance; a member with no
 * allocated day has one share, of the key of 'Unallocated'.
 */
export const memberShares = (m: MemberTotals, keyOf: (code: string) => string): MemberShare[] => {
  const minutes = new Map<string, number[]>()
  for (const d of m.days) {
    const byKey = new Map<string, number>()
    for (const a of dayAllocationsOf(d)) byKey.set(keyOf(a.code), (byKey.get(keyOf(a.code)) ?? 0) + a.minutes)
    const keys = [...byKey.keys()]
    DAY_KINDS.forEach((kind, k) => {
      const shares = apportion(d[kind], [...byKey.values()])
      keys.forEach((key, i) => {
        const row = minutes.get(key) ?? [0, 0, 0, 0]
        row[k]! += shares[i]!
        minutes.set(key, row)
      })
    })
  }
  if (minutes.size === 0) minutes.set(keyOf(UNALLOCATED), [0, 0, 0, 0])
  const keys = [...minutes.keys()]
  const rows = [...minutes.values()]
  const [paid, regular, overtime, doubleTime] = DAY_KINDS.map((kind, k) => {
    const total = hundredthsOf(m[kind])
    const shared = apportion(
      total,
      rows.map((r) => r[k]!),
    )
    // Figures whose days carry none of the kind (none there to weigh by) stay on the first share.
    if (total > 0 && !shared.some((h) => h > 0)) shared[0] = total
    return shared
  })
  return keys.map((key, i) => ({
    key,
    paid: paid![i]!,
    regular: regular![i]!,
    overtime: overtime![i]!,
    doubleTime: doubleTime![i]!,
  }))
}

/**
 * A member's day rows' paid, regular, overtime and double-time cells: each kind's hundredths shared
 * among the days as a timesheet's CSV shares them (`hundredthsOfDays`), so the days add up to exactly
 * the member row and a week's days read as in its timesheet's file.
 */
const dayCells = (m: MemberTotals): string[][] => {
  const byKind = DAY_KINDS.map((kind) => hundredthsOfDays(m.days.map((d) => d[kind])))
  return m.days.map((_, i) => byKind.map((kind) => hundredthsText(kind[i]!)))
}

/**
 * Our own layout: a row per member (their totals), then a row per member and ministry or
 * fund (its name in the last column; the rows' hours add up to exactly the member row's), then a row
 * per day they worked (adding up the same way). Columns and row kinds only ever get added, so
 * existing readers keep working.
 */
export const payrollCsv = (
  members: readonly MemberTotals[],
  w: CsvWords = englishCsvWords,
  /** Each code's name (its id when unknown; 'Unallocated' in the reader's language). */
  nameOf: (code: string) => string = (code) => code,
): string => {
  const codeName = (code: string) => (code === UNALLOCATED ? w.word('unallocated') : nameOf(code))
  return toCsv([
    (
      [
        'row',
        'employeeId',
        'payrollId',
        'firstName',
        'lastName',
        'payType',
        'date',
        'paidHours',
        'regularHours',
        'overtimeHours',
        'doubleTimeHours',
        'breakMinutes',
        'daysWorked',
        ...LEAVE_CSV_WORDS,
        'code',
      ] as const
    ).map((k) => w.word(k)),
    ...members.flatMap((m) => {
      const who = [m.employeeId, m.payrollId ?? '', m.firstName, m.lastName, m.payType]
      const days = dayCells(m)
      return [
        [
          w.word('memberRow'),
          ...who,
          '',
          hours(m.paidMinutes),
          hours(m.regularMinutes),
          hours(m.overtimeMinutes),
          hours(m.doubleTimeMinutes),
          m.breakMinutes,
          m.daysWorked,
          ...leaveCells(m.leave),
          '',
        ],
        ...(m.days.length ? memberShares(m, (code) => code) : []).map((share) => [
          w.word('codeRow'),
          ...who,
          '',
          hundredthsText(share.paid),
          hundredthsText(share.regular),
          hundredthsText(share.overtime),
          hundredthsText(share.doubleTime),
          '',
          '',
          ...LEAVE_CSV_WORDS.map(() => ''),
          codeName(share.key),
        ]),
        ...m.days.map((d, i) => [
          w.word('dayRow'),
          ...who,
          d.date,
          ...days[i]!,
          d.breakMinutes,
          1,
          ...leaveCells(m.leave, d.date),
          '',
        ]),
        ...leaveOnlyDays(m).map((date) => [
          w.word('dayRow'),
          ...who,
          date,
          ...['0.00', '0.00', '0.00', '0.00', 0, 0],
          ...leaveCells(m.leave, date),
          '',
        ]),
      ]
    }),
  ])
}

/** The days a member has paid leave and no worked hours (their own day rows). */
const leaveOnlyDays = (m: MemberTotals) => {
  const worked = new Set(m.days.map((d) => d.date))
  return [...new Set((m.leave?.days ?? []).map((d) => d.date))].filter((d) => !worked.has(d)).sort()
}

/** Gusto's hours import: its template's column titles; the Gusto employee id is the payroll id. */
export const gustoCsv = (members: readonly MemberTotals[]): string =>
  toCsv([
    ['first_name', 'last_name', 'gusto_employee_id', 'regular_hours', 'overtime_hours', 'double_overtime_hours'],
    ...members.map((m) => [
      m.firstName,
      m.lastName,
      m.payrollId ?? '',
      hours(m.regularMinutes),
      hours(m.overtimeMinutes),
      hours(m.doubleTimeMinutes),
    ]),
  ])

/** The column ADP's paydata import reads a line's cost number from. */
export const ADP_COST_NUMBER_TITLE = 'Temporary Cost Number'

/**
 * ADP Workforce Now paydata import: Co Code, Batch ID and File # first (ADP requires these
 * positions), then regular and overtime hours; double time goes in Hours 3 with code D.
 *
 * ADP's "Automated Paydata Integration for ADP Workforce Now" (apps.adp.com, app 372723,
 * its features page) takes a header-based CSV whose fields are Co Code (required in the 1st
 * position), Batch ID (2nd), File # (3rd), then by their titles Pay#, Regular Hours, O/T Hours,
 * Hours 3/4 Code and Amount, ... and "Temporary Cost Number" and "Temporary Department"; ADP's
 * Payroll Data Input guide for Workforce Now likewise lists Temporary Cost Number among the pay data
 * of a batch, and the fixed-width paydata record (EPIP) gives a job cost number 15 characters. So
 * when a member's approved hours went to codes that have a cost number, the member gets one line
 * per cost number carrying it in a last column titled `Temporary Cost Number` (the hours of codes
 * without one, and paid leave, stay on the member's line without it). Each kind of hours is shared
 * among the lines so that they add up to exactly the member's figures (`memberShares`). A file with
 * no cost number at all is as before (no such column).
 */
export const adpCsv = (
  members: readonly MemberTotals[],
  companyCode: string,
  batchId: string,
  leaveCodes: Record<LeaveKind, string> = DEFAULT_ADP_LEAVE_CODES,
  /** Each code's cost number ('' for none). */
  costNumberOf: (code: string) => string = () => '',
): string => {
  const lines = members.flatMap((m) => {
    const shares = memberShares(m, costNumberOf)
    if (!shares.some((s) => s.key !== '')) {
      // As before allocations: the member's one line, of their own totals.
      const whole = {
        key: '',
        paid: 0,
        regular: hundredthsOf(m.regularMinutes),
        overtime: hundredthsOf(m.overtimeMinutes),
        doubleTime: hundredthsOf(m.doubleTimeMinutes),
      }
      return [{ m, share: whole, leave: true }]
    }
    const base = shares.find((s) => s.key === '') ?? { key: '', paid: 0, regular: 0, overtime: 0, doubleTime: 0 }
    const withLeave = adpLeavePairs(m.leave, leaveCodes).length > 0
    return [
      ...(base.regular || base.overtime || base.doubleTime || withLeave ? [{ m, share: base, leave: true }] : []),
      ...shares.filter((s) => s.key !== '').map((share) => ({ m, share, leave: false })),
    ]
  })
  // Paid leave follows double time in Hours 3, Hours 4, …, one kind per pair.
  const pairs = lines.map(({ m, share, leave }) => [
    ...(share.doubleTime > 0 ? [['D', hundredthsText(share.doubleTime)] as [string, string]] : []),
    ...(leave ? adpLeavePairs(m.leave, leaveCodes) : []),
  ])
  const width = Math.max(1, ...pairs.map((p) => p.length))
  const slots = Array.from({ length: width }, (_, i) => i + 3)
  const withCostNumbers = lines.some((l) => l.share.key !== '')
  return toCsv([
    [
      'Co Code',
      'Batch ID',
      'File #',
      'Reg Hours',
      'O/T Hours',
      ...slots.flatMap((n) => [`Hours ${n} Code`, `Hours ${n} Amount`]),
      ...(withCostNumbers ? [ADP_COST_NUMBER_TITLE] : []),
    ],
    ...lines.map(({ m, share }, i) => [
      companyCode,
      batchId,
      m.payrollId ?? '',
      hundredthsText(share.regular),
      hundredthsText(share.overtime),
      ...slots.flatMap((_, j) => pairs[i]![j] ?? ['', '']),
      ...(withCostNumbers ? [share.key] : []),
    ]),
  ])
}

/** QuickBooks refuses a timer activity over 23:59. */
export const MAX_IIF_MINUTES = 23 * 60 + 59

/** 'H:MM', as IIF's DURATION wants it (4 hours 15 minutes is 4:15). */
export const iifDuration = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`

/** Splits minutes into pieces QuickBooks accepts (none over 23:59). */
export const iifPieces = (minutes: number): number[] => {
  const pieces: number[] = []
  for (let left = minutes; left > 0; left -= MAX_IIF_MINUTES) pieces.push(Math.min(left, MAX_IIF_MINUTES))
  return pieces
}

/** MM/DD/YY, IIF's date. */
const iifDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`

/** A tab-separated cell: formula-safe like the CSV cells, and never a tab or line break. */
const iifCell = (value: string | number) => {
  const s = String(value).replace(/[\t\r\n]/g, ' ')
  return /^[=+\-@]/.test(s) ? `'${s}` : s
}

const iifLine = (cells: (string | number)[]) => cells.map(iifCell).join('\t')

/** The payroll items of the IIF rows; a supervisor maps them to QuickBooks' own once. */
export const IIF_PAY_ITEMS = {
  regular: 'Regular Pay',
  overtime: 'Overtime Pay',
  doubleTime: 'Double Time Pay',
} as const

/**
 * A day's minutes of one payroll item shared among the QuickBooks classes of the codes
 * its allocation names (in the same proportions, whole minutes, adding up exactly); codes with no
 * class share the class ''. A day with no class at all is one share, as before allocations.
 */
export const iifClassShares = (
  day: DayFigures,
  minutes: number,
  classOf: (code: string) => string,
): { proj: string; minutes: number }[] => {
  const classes = new Map<string, number>()
  for (const a of dayAllocationsOf(day)) classes.set(classOf(a.code), (classes.get(classOf(a.code)) ?? 0) + a.minutes)
  if (classes.size <= 1) return [{ proj: [...classes.keys()][0] ?? '', minutes }]
  const shares = apportion(minutes, [...classes.values()])
  return [...classes.keys()].map((proj, i) => ({ proj, minutes: shares[i]! }))
}

/**
 * QuickBooks Desktop timer activities: the TIMERHDR block, then one TIMEACT row per member-day,
 * class (the code's class in PROJ) and payroll item (regular, overtime, double time),
 * each no longer than 23:59.
 */
export const quickbooksIif = (
  members: readonly MemberTotals[],
  companyName: string,
  {
    classOf = () => '',
    leaveItems = DEFAULT_IIF_LEAVE_ITEMS,
  }: {
    /** Each code's QuickBooks class (PROJ). */
    classOf?: (code: string) => string
    /** The payroll item of each kind of leave (Settings → Payroll). */
    leaveItems?: Record<LeaveKind, string>
  } = {},
): string => {
  const lines = [
    '!TIMERHDR\tVER\tREL\tCOMPANYNAME\tIMPORTEDBEFORE\tFROMTIMER\tCOMPANYCREATETIME',
    iifLine(['TIMERHDR', 8, 0, companyName, 'N', 'Y', 0]),
    '!TIMEACT\tDATE\tJOB\tEMP\tITEM\tPITEM\tDURATION\tPROJ\tNOTE\tBILLINGSTATUS',
  ]
  for (const m of members) {
    const emp = `${m.firstName} ${m.lastName}`
    for (const d of m.days) {
      for (const [item, minutes] of [
        [IIF_PAY_ITEMS.regular, d.regularMinutes],
        [IIF_PAY_ITEMS.overtime, d.overtimeMinutes],
        [IIF_PAY_ITEMS.doubleTime, d.doubleTimeMinutes],
      ] as const) {
        for (const share of iifClassShares(d, minutes, classOf))
          for (const piece of iifPieces(share.minutes))
            lines.push(iifLine(['TIMEACT', iifDate(d.date), '', emp, '', item, iifDuration(piece), share.proj, '', 0]))
      }
    }
    // Each day of paid leave, with the payroll item of its kind (Settings → Payroll).
    for (const l of m.leave?.days ?? [])
      for (const piece of iifPieces(Math.round(l.hours * 60)))
        lines.push(
          iifLine(['TIMEACT', iifDate(l.date), '', emp, '', leaveItems[l.kind], iifDuration(piece), '', '', 0]),
        )
  }
  return lines.join('\r\n') + '\r\n'
}
