import { fullName, type IntegrationSendStatus, type LeaveKind } from '@app/core'
import type { SendPreviews } from '../../api/integration-sends.ts'
import type { SendingIntegration } from '../../api/keys.ts'

/** The kinds of pay a preview shows per member, in the order of its columns. */
export const PAY_KINDS = ['regular', 'overtime', 'doubleTime', 'vacation', 'sick', 'personal', 'holiday'] as const
export type PayKind = (typeof PAY_KINDS)[number]

export interface PreviewMember {
  id: string
  name: string
  /** Matched to one of the vendor's employees; an unmatched member's hours are not sent. */
  matched: boolean
  /** Gusto: exempt staff and ministers send paid time off only (no time sheets). */
  leaveOnly: boolean
  hours: Record<PayKind, number>
  /** QuickBooks: the member's hours per allocation code, with the code's class. */
  byCode: { code: string; className: string | null; hours: number }[]
}

/** What keeps part of a period from the vendor, named for the screen to word it. */
export interface PreviewProblem {
  code: 'member-unmatched' | 'policy-unmatched' | 'figures-changed'
  name: string
  kind?: LeaveKind
  date?: string
}

/** One vendor's preview as the panel shows it: the same screen for QuickBooks Online and Gusto. */
export interface SendPreviewModel {
  members: PreviewMember[]
  problems: PreviewProblem[]
  /** The records Send makes: QuickBooks time activities, or Gusto time sheets. */
  records: number
  changedSinceSent: boolean
  send: IntegrationSendStatus | null
}

const hoursOfMinutes = (minutes: number) => minutes / 60

const fromQuickbooks = (p: SendPreviews['quickbooks']): SendPreviewModel => ({
  members: p.members.map((m) => ({
    id: m.memberId,
    name: m.name,
    matched: m.employee !== null,
    leaveOnly: false,
    hours: Object.fromEntries(PAY_KINDS.map((k) => [k, hoursOfMinutes(m.minutes[k])])) as Record<PayKind, number>,
    byCode: m.byCode.map((c) => ({ code: c.code, className: c.className, hours: hoursOfMinutes(c.minutes) })),
  })),
  problems: p.members.filter((m) => m.employee === null).map((m) => ({ code: 'member-unmatched', name: m.name })),
  records: p.members.reduce((sum, m) => sum + (m.employee === null ? 0 : m.records), 0),
  changedSinceSent: p.changedSinceSent || (p.send?.changedSinceSent ?? false),
  send: p.send,
})

const fromGusto = (p: SendPreviews['gusto']): SendPreviewModel => ({
  members: p.members.map((m) => ({
    id: m.employeeId,
    name: fullName(m),
    matched: m.matched,
    leaveOnly: !m.timeSheets,
    hours: {
      regular: m.regularHours,
      overtime: m.overtimeHours,
      doubleTime: m.doubleTimeHours,
      vacation: m.vacationHours,
      sick: m.sickHours,
      personal: m.personalHours,
      holiday: m.holidayHours,
    },
    byCode: [],
  })),
  problems: p.problems.map((problem) => ({
    code: problem.code,
    name: fullName(problem.person),
    ...(problem.kind ? { kind: problem.kind } : {}),
    ...(problem.date ? { date: problem.date } : {}),
  })),
  records: p.timeSheetCount,
  changedSinceSent: p.send?.changedSinceSent ?? false,
  send: p.send,
})

/** A vendor's preview answer as the panel shows it. */
export const sendPreviewModel = <V extends SendingIntegration>(
  vendor: V,
  preview: SendPreviews[V],
): SendPreviewModel =>
  vendor === 'quickbooks'
    ? fromQuickbooks(preview as SendPreviews['quickbooks'])
    : fromGusto(preview as SendPreviews['gusto'])
