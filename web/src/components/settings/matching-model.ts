import { LEAVE_KINDS, type LeaveKind, type QuickbooksPayKind } from '@app/core'
import type { Matchings } from '../../api/integration-matching.ts'
import type { SendingIntegration } from '../../api/keys.ts'

/** How a pair was made: a supervisor's choice, the vendor's email or name, or (codes, policies) by the rule. */
export type MatchedBy = 'chosen' | 'email' | 'name' | 'rule' | null

/** One of ours (a member, an allocation code, a kind of leave) and the vendor's counterpart, if any. */
export interface MatchRow {
  id: string
  /** A member's or code's name; for a kind of pay or leave, the kind (the screen words it). */
  name: string
  kind?: QuickbooksPayKind
  vendorId: string | null
  by: MatchedBy
}

/** The catalogue key of a kind's name: leave as the send preview names it, time worked as the payroll figures do. */
export const kindLabelKey = (kind: QuickbooksPayKind) =>
  (LEAVE_KINDS as readonly string[]).includes(kind)
    ? (`payroll.send.${kind as LeaveKind}` as const)
    : (`payroll.figures.${kind as Exclude<QuickbooksPayKind, LeaveKind>}` as const)

export interface VendorChoice {
  id: string
  name: string
  /** The employee's email, shown beside the name to tell two people apart. */
  detail?: string | null
}

/** A vendor's matching as Settings → Integrations shows it: the same screen for QuickBooks Online and Gusto. */
export interface MatchingModel {
  people: MatchRow[]
  employees: VendorChoice[]
  /** Allocation codes (QuickBooks classes) or kinds of leave (Gusto policies). */
  things: MatchRow[]
  vendorThings: VendorChoice[]
  /**
   * QuickBooks only: our kinds of pay with their pay types (QuickBooks Payroll's), and whether the
   * company gives any (false: no QuickBooks Payroll, records go without a pay type; with its words).
   */
  payKinds: MatchRow[]
  payTypes: VendorChoice[]
  payTypesAvailable: boolean
  payTypesVendorMessages: string[]
}

/** The supervisor's picks, by our id: the vendor's id, or '' for none. */
export interface Picks {
  people: Record<string, string>
  things: Record<string, string>
  payKinds: Record<string, string>
}

const fromQuickbooks = (v: Matchings['quickbooks']['view']): MatchingModel => ({
  people: v.members.map((m) => ({ id: m.memberId, name: m.name, vendorId: m.employeeId, by: m.by })),
  employees: v.employees.map((e) => ({ id: e.id, name: e.name, detail: e.email })),
  things: v.codes.map((c) => ({
    id: c.code,
    name: c.name === c.code ? c.code : `${c.name} (${c.code})`,
    vendorId: c.classId,
    by: null,
  })),
  vendorThings: v.classes.map((c) => ({ id: c.id, name: c.name })),
  payKinds: v.kinds.map((k) => ({
    id: k.kind,
    name: k.kind,
    kind: k.kind,
    vendorId: k.payItemId,
    by: k.payItemId === null ? null : 'chosen',
  })),
  payTypes: v.payItems.map((p) => ({ id: p.id, name: p.name })),
  payTypesAvailable: v.payItemsAvailable,
  payTypesVendorMessages: v.payItemsVendorMessages,
})

const fromGusto = (v: Matchings['gusto']['view']): MatchingModel => ({
  people: v.members.map((m) => ({ id: m.memberId, name: m.name, vendorId: m.employeeId, by: m.by })),
  employees: v.employees.map((e) => ({ id: e.id, name: e.name, detail: e.email })),
  things: v.kinds.map((k) => ({ id: k.kind, name: k.kind, kind: k.kind, vendorId: k.policyId, by: k.by })),
  vendorThings: v.policies.map((p) => ({ id: p.id, name: p.name })),
  payKinds: [],
  payTypes: [],
  payTypesAvailable: false,
  payTypesVendorMessages: [],
})

export const matchingModel = <V extends SendingIntegration>(vendor: V, view: Matchings[V]['view']): MatchingModel =>
  vendor === 'quickbooks'
    ? fromQuickbooks(view as Matchings['quickbooks']['view'])
    : fromGusto(view as Matchings['gusto']['view'])

/** The picks a model starts with: every row's current counterpart. */
export const picksOf = (model: MatchingModel): Picks => ({
  people: Object.fromEntries(model.people.map((r) => [r.id, r.vendorId ?? ''])),
  things: Object.fromEntries(model.things.map((r) => [r.id, r.vendorId ?? ''])),
  payKinds: Object.fromEntries(model.payKinds.map((r) => [r.id, r.vendorId ?? ''])),
})

const changed = (rows: readonly MatchRow[], picks: Record<string, string>) =>
  Object.fromEntries(
    rows.flatMap((r) => {
      const pick = picks[r.id] ?? ''
      return pick === (r.vendorId ?? '') ? [] : [[r.id, pick === '' ? null : pick]]
    }),
  ) as Record<string, string | null>

/**
 * The PUT body for the rows whose pick differs from what is kept now (null: no counterpart), or
 * undefined when nothing changed.
 */
export const matchingUpdate = <V extends SendingIntegration>(
  vendor: V,
  model: MatchingModel,
  picks: Picks,
): Matchings[V]['update'] | undefined => {
  const members = changed(model.people, picks.people)
  const things = changed(model.things, picks.things)
  const payItems = changed(model.payKinds, picks.payKinds)
  if (Object.keys(members).length + Object.keys(things).length + Object.keys(payItems).length === 0) return undefined
  return (
    vendor === 'quickbooks' ? { members, codes: things, payItems } : { members, kinds: things }
  ) as Matchings[V]['update']
}
