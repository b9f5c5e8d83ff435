import type { Accrual, PayType, TimeOffPolicy } from '@app/core'

export type Method = Accrual['method']
export const METHODS: readonly Method[] = ['none', 'perHoursWorked', 'perPayPeriod', 'yearly']

/** A policy as the form edits it: numbers as typed. */
export interface PolicyDraft {
  kind: TimeOffPolicy['kind']
  name: string
  method: Method
  hours: string
  per: string
  on: string
  capHours: string
  carryoverHours: string
  allowNegative: boolean
  eligiblePayTypes: PayType[]
}

export const toDraft = (p: TimeOffPolicy): PolicyDraft => ({
  kind: p.kind,
  name: p.name,
  method: p.accrual.method,
  hours: 'hours' in p.accrual ? String(p.accrual.hours) : '',
  per: p.accrual.method === 'perHoursWorked' ? String(p.accrual.per) : '',
  on: p.accrual.method === 'yearly' ? p.accrual.on : '01-01',
  capHours: p.capHours === null ? '' : String(p.capHours),
  carryoverHours: p.carryoverHours === null ? '' : String(p.carryoverHours),
  allowNegative: p.allowNegative,
  eligiblePayTypes: p.eligiblePayTypes,
})

/** A typed number, or what the schema refuses with its own message (text it cannot read). */
export const num = (s: string): unknown => (s.trim() === '' ? undefined : Number(s))
const limit = (s: string): unknown => (s.trim() === '' ? null : Number(s))

export const fromDraft = (d: PolicyDraft) => ({
  kind: d.kind,
  name: d.name,
  accrual:
    d.method === 'none'
      ? { method: 'none' }
      : d.method === 'perHoursWorked'
        ? { method: d.method, hours: num(d.hours), per: num(d.per) }
        : d.method === 'perPayPeriod'
          ? { method: d.method, hours: num(d.hours) }
          : { method: d.method, hours: num(d.hours), on: d.on },
  capHours: limit(d.capHours),
  carryoverHours: limit(d.carryoverHours),
  allowNegative: d.allowNegative,
  eligiblePayTypes: d.eligiblePayTypes,
})
