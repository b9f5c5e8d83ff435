import type { AllocationCode, AllocationCodeInput, AllocationKind } from '@app/core'

/** A code as its form edits it, and its ways to and from the API's shapes. */

export type CodeField = 'name' | 'kind' | 'className' | 'costNumber' | 'from' | 'to' | 'budgetHours'
export const FIELD_ORDER: readonly CodeField[] = [
  'name',
  'kind',
  'className',
  'costNumber',
  'from',
  'to',
  'budgetHours',
]

export interface CodeValues {
  name: string
  kind: AllocationKind
  className: string
  /** ADP's Temporary Cost Number of the code's hours. */
  costNumber: string
  from: string
  to: string
  budgetHours: string
  active: boolean
}

export const blank: CodeValues = {
  name: '',
  kind: 'ministry',
  className: '',
  costNumber: '',
  from: '',
  to: '',
  budgetHours: '',
  active: true,
}

export const valuesOf = (code: AllocationCode): CodeValues => ({
  name: code.name,
  kind: code.kind,
  className: code.className ?? '',
  costNumber: code.costNumber ?? '',
  from: code.from ?? '',
  to: code.to ?? '',
  budgetHours: code.budgetHours === null ? '' : String(code.budgetHours),
  active: code.active,
})

/** The form's values as the API takes a code ('' is none; a typed budget is a number, or left for zod to refuse). */
export const inputOf = (values: CodeValues, id: string | undefined): AllocationCodeInput => ({
  ...(id ? { id } : {}),
  name: values.name.trim(),
  kind: values.kind,
  className: values.className.trim() || null,
  costNumber: values.costNumber.trim() || null,
  from: values.from || null,
  to: values.to || null,
  budgetHours: values.budgetHours.trim() === '' ? null : Number(values.budgetHours),
  active: values.active,
})

/** A stored code as the PUT carries it again. */
export const storedInput = (code: AllocationCode): AllocationCodeInput => ({ ...code })

/** The messages of the edited code (its index in the list), by field, from zod's or the server's paths. */
export const messagesAt = (index: number, issues: Record<string, string>): Partial<Record<CodeField, string>> =>
  Object.fromEntries(
    FIELD_ORDER.flatMap((field) => {
      const message = issues[`codes.${index}.${field}`]
      return message ? [[field, message]] : []
    }),
  )
