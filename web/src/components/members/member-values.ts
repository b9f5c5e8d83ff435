import type { User } from '@app/core'

/** The member form's fields and values, as the add and edit dialogs hold them. */
export type MemberField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'department'
  | 'campusId'
  | 'role'
  | 'campusIds'
  | 'unpaid'
  | 'supervisorId'
  | 'defaultCode'
  | 'hireDate'
  | 'payType'
  | 'payrollId'
export type MemberValues = Record<MemberField, string>

/** The fields in the order a person meets them (the first invalid one gets the focus). */
export const MEMBER_FIELD_ORDER: readonly MemberField[] = [
  'firstName',
  'lastName',
  'email',
  'department',
  'campusId',
  'role',
  'campusIds',
  'unpaid',
  'supervisorId',
  'defaultCode',
  'hireDate',
  'payType',
  'payrollId',
]

/** A supervisor a member may have as approver, with their campuses (none: the whole church). */
export interface ApproverChoice {
  id: string
  name: string
  campusIds?: readonly string[] | undefined
}

/** The form keeps a supervisor's campuses as text: their ids joined by commas ('' is the whole church). */
export const campusIdsOf = (value: string) => (value ? value.split(',') : [])

/** The form keeps the unpaid box as text: 'true' when checked. */
export const UNPAID_CHECKED = 'true'

/** The form's approver or default code ('' is none) as the API takes it (null). */
export const approverValue = (value: string) => (value === '' ? null : value)

/** A member's values as the form holds them; with no member, a new one's: an hourly employee, all else blank. */
export const memberValues = (member?: User): MemberValues => ({
  firstName: member?.firstName ?? '',
  lastName: member?.lastName ?? '',
  email: member?.email ?? '',
  department: member?.department ?? '',
  campusId: member?.campusId ?? '',
  role: member?.role ?? 'employee',
  campusIds: (member?.campusIds ?? []).join(','),
  unpaid: member?.unpaid ? UNPAID_CHECKED : '',
  supervisorId: member?.supervisorId ?? '',
  defaultCode: member?.defaultCode ?? '',
  hireDate: member?.hireDate ?? '',
  payType: member?.payType ?? 'non-exempt',
  payrollId: member?.payrollId ?? '',
})
