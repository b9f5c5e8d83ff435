import { apportion } from './allocation-rules.ts'
import { dayAllocationsOf } from './allocation-report.ts'
import type { MemberTotals } from './payroll-files.ts'
import { LEAVE_KINDS } from './time-off-payroll.ts'

/**
 * What a pay period sends QuickBooks Online: one TimeActivity per member, day, allocation code and
 * kind of pay (a day's regular and overtime minutes of one code are two records, so each can carry
 * its payroll item). Built from the payroll rows (the one payroll computation: payrollTotals), so
 * the records add up to the payroll summary to the minute: each day's minutes of each kind are
 * shared among the day's codes in proportion (whole minutes, adding up exactly); each day of paid
 * leave is one record of its kind. Volunteers are never in the payroll rows.
 */
export const QUICKBOOKS_PAY_KINDS = ['regular', 'overtime', 'doubleTime'] as const
/** Every kind of pay a record can be: time worked, then each kind of paid leave (each can be matched to a QuickBooks pay type). */
export const QUICKBOOKS_RECORD_KINDS = [...QUICKBOOKS_PAY_KINDS, ...LEAVE_KINDS] as const
export type QuickbooksPayKind = (typeof QUICKBOOKS_RECORD_KINDS)[number]

export interface QuickbooksLine {
  /** Stable across sends: member, day, code and kind; a re-send updates the record of the same key. */
  key: string
  memberId: string
  date: string
  /** The allocation code's id ('unallocated' when none); '' for leave. */
  code: string
  kind: QuickbooksPayKind
  minutes: number
  /** The day's break, on the day's first record only. */
  breakMinutes: number
}

const minutesOfKind = {
  regular: 'regularMinutes',
  overtime: 'overtimeMinutes',
  doubleTime: 'doubleTimeMinutes',
} as const

export const lineKey = (memberId: string, date: string, code: string, kind: QuickbooksPayKind) =>
  `${memberId}|${date}|${code}|${kind}`

/** The records of one member's period, worked days first (in date order), then leave days. */
export const quickbooksLines = (member: Pick<MemberTotals, 'employeeId' | 'days' | 'leave'>): QuickbooksLine[] => {
  const lines: QuickbooksLine[] = []
  for (const day of member.days) {
    const byCode = new Map<string, number>()
    for (const a of dayAllocationsOf(day)) byCode.set(a.code, (byCode.get(a.code) ?? 0) + a.minutes)
    const codes = [...byCode.keys()]
    let breakLeft = day.breakMinutes
    for (const kind of QUICKBOOKS_PAY_KINDS) {
      const shares = apportion(day[minutesOfKind[kind]], [...byCode.values()])
      codes.forEach((code, i) => {
        const minutes = shares[i]!
        if (minutes <= 0) return
        lines.push({
          key: lineKey(member.employeeId, day.date, code, kind),
          memberId: member.employeeId,
          date: day.date,
          code,
          kind,
          minutes,
          breakMinutes: breakLeft,
        })
        breakLeft = 0
      })
    }
  }
  for (const leave of member.leave?.days ?? []) {
    const minutes = Math.round(leave.hours * 60)
    if (minutes <= 0) continue
    lines.push({
      key: lineKey(member.employeeId, leave.date, '', leave.kind),
      memberId: member.employeeId,
      date: leave.date,
      code: '',
      kind: leave.kind,
      minutes,
      breakMinutes: 0,
    })
  }
  return mergeSameKey(lines)
}

/** Two leave days of one kind on one date (two requests) are one record. */
const mergeSameKey = (lines: QuickbooksLine[]): QuickbooksLine[] => {
  const byKey = new Map<string, QuickbooksLine>()
  for (const line of lines) {
    const known = byKey.get(line.key)
    if (known) known.minutes += line.minutes
    else byKey.set(line.key, { ...line })
  }
  return [...byKey.values()]
}

/** Minutes as TimeActivity's whole Hours and Minutes. */
export const hoursAndMinutes = (minutes: number) => ({ Hours: Math.floor(minutes / 60), Minutes: minutes % 60 })

/** A preview's totals of one member: minutes per kind, and per code. */
export interface QuickbooksMemberPreview {
  memberId: string
  minutes: Record<QuickbooksPayKind, number>
  byCode: { code: string; minutes: number }[]
  records: number
}

export const quickbooksPreview = (memberId: string, lines: readonly QuickbooksLine[]): QuickbooksMemberPreview => {
  const minutes = Object.fromEntries(QUICKBOOKS_RECORD_KINDS.map((k) => [k, 0])) as Record<QuickbooksPayKind, number>
  const byCode = new Map<string, number>()
  for (const line of lines) {
    minutes[line.kind] += line.minutes
    if (line.code) byCode.set(line.code, (byCode.get(line.code) ?? 0) + line.minutes)
  }
  return {
    memberId,
    minutes,
    byCode: [...byCode].map(([code, m]) => ({ code, minutes: m })),
    records: lines.length,
  }
}
