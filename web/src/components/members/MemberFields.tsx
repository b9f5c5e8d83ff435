import { PayType, payTypeLabel, Role, roleLabel } from '@app/core'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'

export type MemberField = 'firstName' | 'lastName' | 'email' | 'department' | 'role' | 'payType' | 'payrollId'
export type MemberValues = Record<MemberField, string>

/** The fields in the order a person meets them (the first invalid one gets the focus). */
export const MEMBER_FIELD_ORDER: readonly MemberField[] = [
  'firstName',
  'lastName',
  'email',
  'department',
  'role',
  'payType',
  'payrollId',
]

const TEXT_FIELDS: { name: 'firstName' | 'lastName' | 'email' | 'department'; label: string; type: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text' },
  { name: 'lastName', label: 'Last Name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'department', label: 'Department', type: 'text' },
]

interface MemberFieldsProps {
  values: MemberValues
  onChange: (name: MemberField, value: string) => void
  /** Each field's message, browser's or server's. */
  shown: Partial<Record<MemberField, string>>
  disabled: boolean
  /** Pay type and payroll id: members carry them once they exist (Edit), not in the spec's Add Member call. */
  withPay?: boolean
}

/** The member dialog's fields (Add Member and Edit): names, email, department, role, and when editing, pay facts. */
export function MemberFields({ values, onChange, shown, disabled, withPay = false }: MemberFieldsProps) {
  const field = (name: MemberField, hint?: string) => ({
    id: `member-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': [hint, shown[name] ? `member-${name}-error` : null].filter(Boolean).join(' ') || undefined,
    disabled,
  })
  const message = (name: MemberField) =>
    shown[name] ? <FieldMessage id={`member-${name}-error`}>{shown[name]}</FieldMessage> : null

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, label, type }) => (
          <div key={name} className="space-y-1.5">
            <Label htmlFor={`member-${name}`}>{label}</Label>
            <Input {...field(name)} type={type} autoComplete="off" required />
            {message(name)}
          </div>
        ))}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="member-role">Role</Label>
        <select {...field('role')} className={inputClasses}>
          {Role.options.map((role) => (
            <option key={role} value={role}>
              {roleLabel[role]}
            </option>
          ))}
        </select>
        {message('role')}
      </div>
      {withPay ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="member-payType">Pay type</Label>
            <select {...field('payType', 'member-payType-hint')} className={inputClasses}>
              {PayType.options.map((payType) => (
                <option key={payType} value={payType}>
                  {payTypeLabel[payType]}
                </option>
              ))}
            </select>
            <p id="member-payType-hint" className="text-sm text-slate-600">
              Only non-exempt staff earn overtime. Volunteers are never in payroll files.
            </p>
            {message('payType')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="member-payrollId">Payroll ID (optional)</Label>
            <Input {...field('payrollId', 'member-payrollId-hint')} autoComplete="off" maxLength={40} />
            <p id="member-payrollId-hint" className="text-sm text-slate-600">
              Their Gusto employee ID or ADP file number, for those exports.
            </p>
            {message('payrollId')}
          </div>
        </div>
      ) : null}
    </>
  )
}
