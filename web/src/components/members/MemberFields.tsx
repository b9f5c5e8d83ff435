import { useTranslation } from 'react-i18next'
import { PayType, Role } from '@app/core'
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

const TEXT_FIELDS: { name: 'firstName' | 'lastName' | 'email' | 'department'; type: string }[] = [
  { name: 'firstName', type: 'text' },
  { name: 'lastName', type: 'text' },
  { name: 'email', type: 'email' },
  { name: 'department', type: 'text' },
]
const ROLE = 'role'
const PAY_TYPE = 'payType'
const PAYROLL_ID = 'payrollId'
const PAY_TYPE_HINT = 'member-payType-hint'
const PAYROLL_ID_HINT = 'member-payrollId-hint'

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
  const { t } = useTranslation('supervisor')
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
        {TEXT_FIELDS.map(({ name, type }) => (
          <div key={name} className="space-y-1.5">
            <Label htmlFor={`member-${name}`}>{t(`members.fields.${name}`)}</Label>
            <Input {...field(name)} type={type} autoComplete="off" required />
            {message(name)}
          </div>
        ))}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="member-role">{t('members.fields.role')}</Label>
        <select {...field(ROLE)} className={inputClasses}>
          {Role.options.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
        {message(ROLE)}
      </div>
      {withPay ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="member-payType">{t('members.fields.payType')}</Label>
            <select {...field(PAY_TYPE, PAY_TYPE_HINT)} className={inputClasses}>
              {PayType.options.map((payType) => (
                <option key={payType} value={payType}>
                  {t(`payTypes.${payType}`)}
                </option>
              ))}
            </select>
            <p id={PAY_TYPE_HINT} className="text-sm text-slate-600">
              {t('members.fields.payTypeHint')}
            </p>
            {message(PAY_TYPE)}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="member-payrollId">{t('members.fields.payrollId')}</Label>
            <Input {...field(PAYROLL_ID, PAYROLL_ID_HINT)} autoComplete="off" maxLength={40} />
            <p id={PAYROLL_ID_HINT} className="text-sm text-slate-600">
              {t('members.fields.payrollIdHint')}
            </p>
            {message(PAYROLL_ID)}
          </div>
        </div>
      ) : null}
    </>
  )
}
