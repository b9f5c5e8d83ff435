import { useState, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { inScope, PayType, Role, TEXT_LIMITS } from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { useCampusChoices } from '../../api/campuses.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { DialogForm } from '../ui/Dialog.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { CheckboxRow, fieldDescription, FormField, NamedField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { ItemOptions, Options } from '../ui/Options.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import {
  campusIdsOf,
  MEMBER_FIELD_ORDER,
  UNPAID_CHECKED,
  type ApproverChoice,
  type MemberField,
  type MemberValues,
} from './member-values.ts'

const TEXT_FIELDS: { name: 'firstName' | 'lastName' | 'email' | 'department'; type: string }[] = [
  { name: 'firstName', type: 'text' },
  { name: 'lastName', type: 'text' },
  { name: 'email', type: 'email' },
  { name: 'department', type: 'text' },
]

interface MemberFieldsProps {
  values: MemberValues
  onChange: (name: MemberField, value: string) => void
  /** Each field's message, browser's or server's. */
  shown: Partial<Record<MemberField, string>>
  disabled: boolean
  /** Pay type and payroll id: members carry them once they exist (Edit), not in the spec's Add Member call. */
  withPay?: boolean
  /** The organization's supervisors, for the Approver select. */
  approvers: readonly ApproverChoice[]
  /** An existing member (Edit), whose role only a whole-church supervisor changes. */
  editing?: boolean
}

/**
 * The member dialogs' form state (Add Member and Edit): the values as typed, each field's message
 * (browser's or server's, cleared as it is edited), and the form's own message (`failed` when the
 * server gave none).
 */
export function useMemberForm(
  initial: () => MemberValues,
  write: { error: unknown; isPending: boolean },
  failed: string,
) {
  const [values, setValues] = useState<MemberValues>(initial)
  const errors = useFieldErrors(MEMBER_FIELD_ORDER, write.error)
  const onChange = (name: MemberField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    errors.clear(name)
  }
  return { values, setValues, errors, onChange, formError: errors.formError(failed), pending: write.isPending }
}

/** The member dialogs' form: its message, the fields (held while it is sent), and its button. */
export function MemberForm({
  form,
  label,
  onSubmit,
  confirm,
  busy,
  ...fields
}: Pick<ComponentProps<typeof DialogForm>, 'label' | 'onSubmit' | 'confirm' | 'busy'> &
  Omit<MemberFieldsProps, 'values' | 'onChange' | 'shown' | 'disabled'> & {
    form: ReturnType<typeof useMemberForm>
  }) {
  return (
    <DialogForm
      label={label}
      onSubmit={onSubmit}
      error={form.formError}
      pending={form.pending}
      confirm={confirm}
      busy={busy}
    >
      <MemberFields
        {...fields}
        values={form.values}
        onChange={form.onChange}
        shown={form.errors.shown}
        disabled={form.pending}
      />
    </DialogForm>
  )
}

/** The member dialog's fields (Add Member and Edit): names, email, department, role, and when editing, pay facts. */
export function MemberFields({
  values,
  onChange,
  shown,
  disabled,
  withPay = false,
  approvers,
  editing = false,
}: MemberFieldsProps) {
  const { t } = useTranslation('supervisor')
  const codes = useAllocationCodes().data?.codes ?? []
  // Once the church has campuses, every member has one (a campus admin chooses among their own).
  const { campuses, choices: campusChoices, wholeChurch } = useCampusChoices()
  const campusOptions = campuses.filter((c) => campusChoices.includes(c) || c.id === values.campusId)
  // A campus admin neither makes a supervisor nor changes anyone's role (the server's 403
  // wholeChurchOnly): Add offers them the staff roles, Edit shows the role as it is.
  const roleFixed = editing && !wholeChurch
  const roles = wholeChurch || editing ? Role.options : Role.options.filter((r) => r !== 'supervisor')
  // Only active codes are offered; a member's inactive default still shows as chosen.
  const codeChoices = codes.filter((c) => c.active || c.id === values.defaultCode)
  const id = (name: MemberField) => `member-${name}`
  const scopeId = id('campusIds')
  /** The box's value as the form's text field holds it. */
  const setUnpaid = (on: boolean) => onChange('unpaid', on ? UNPAID_CHECKED : '')
  const control = (name: MemberField, hint = false) => ({
    id: id(name),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': fieldDescription(id(name), { hint, message: shown[name] }),
    disabled,
  })
  /** A field's label and hint, from the form's catalogue group. */
  const fieldText = (key: string) => t(`members.fields.${key}`)

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, type }) =>
          name === 'email' ? (
            <NamedField key={name} id={id(name)} name={name} text={fieldText} message={shown[name]}>
              <Input {...control(name)} type={type} autoComplete="off" required />
            </NamedField>
          ) : (
            <LimitedField
              key={name}
              name={name}
              label={t(`members.fields.${name}`)}
              message={shown[name]}
              control={control(name)}
            />
          ),
        )}
      </div>
      {campuses.length ? (
        <FormField id={id('campusId')} label={t('campuses.member.campus')} message={shown.campusId}>
          <select {...control('campusId')} className={inputClasses} required>
            <option value="">{t('campuses.member.choose')}</option>
            <ItemOptions items={campusOptions} />
          </select>
        </FormField>
      ) : null}
      <FormField
        id={id('role')}
        label={t('members.fields.role')}
        hint={roleFixed ? t('members.fields.roleWholeChurch') : undefined}
        message={shown.role}
      >
        <select {...control('role', roleFixed)} disabled={disabled || roleFixed} className={inputClasses}>
          <Options values={roles} label={(role) => t(`roles.${role}`)} />
        </select>
      </FormField>
      {values.role === 'supervisor' && campuses.length && wholeChurch ? (
        <fieldset
          className="space-y-2"
          aria-describedby={fieldDescription(scopeId, { hint: true, message: shown.campusIds })}
        >
          <legend className="text-sm font-medium text-slate-900">{t('campuses.member.scope')}</legend>
          <p id={`${scopeId}-hint`} className="text-sm text-slate-600">
            {t('campuses.member.scopeHint')}
          </p>
          {campuses.map((c) => {
            const chosen = campusIdsOf(values.campusIds)
            const box = `${scopeId}-${c.id}`
            return (
              <label key={c.id} htmlFor={box} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  id={box}
                  type="checkbox"
                  checked={chosen.includes(c.id)}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(
                      'campusIds',
                      (e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id)).join(','),
                    )
                  }
                  className="size-5 shrink-0 accent-indigo-600"
                />
                {c.name}
              </label>
            )
          })}
          {shown.campusIds ? <FieldMessage id={`${scopeId}-error`}>{shown.campusIds}</FieldMessage> : null}
        </fieldset>
      ) : null}
      {values.role === 'supervisor' ? (
        <CheckboxRow
          id={id('unpaid')}
          name="unpaid"
          checked={values.unpaid === UNPAID_CHECKED}
          onChange={setUnpaid}
          disabled={disabled}
          label={t('members.fields.unpaid')}
          hint={t('members.fields.unpaidHint')}
          message={shown.unpaid}
        />
      ) : null}
      <NamedField id={id('supervisorId')} name="supervisorId" text={fieldText} hint message={shown.supervisorId}>
        <select {...control('supervisorId', true)} className={inputClasses}>
          <option value="">{t('members.fields.noApprover')}</option>
          <ItemOptions
            items={approvers.filter(
              (a) => a.id === values.supervisorId || inScope(a, { campusId: values.campusId || null }),
            )}
          />
        </select>
      </NamedField>
      <NamedField id={id('defaultCode')} name="defaultCode" text={fieldText} hint message={shown.defaultCode}>
        <select {...control('defaultCode', true)} className={inputClasses}>
          <option value="">{t('members.fields.noDefaultCode')}</option>
          <ItemOptions
            items={codeChoices}
            label={(c) => (c.active ? c.name : t('members.fields.inactiveCode', { name: c.name }))}
          />
        </select>
      </NamedField>
      <NamedField id={id('hireDate')} name="hireDate" text={fieldText} hint message={shown.hireDate}>
        <Input {...control('hireDate', true)} type="date" />
      </NamedField>
      {withPay ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NamedField id={id('payType')} name="payType" text={fieldText} hint message={shown.payType}>
            <select {...control('payType', true)} className={inputClasses}>
              <Options values={PayType.options} label={(payType) => t(`payTypes.${payType}`)} />
            </select>
          </NamedField>
          <NamedField id={id('payrollId')} name="payrollId" text={fieldText} hint message={shown.payrollId}>
            <Input {...control('payrollId', true)} autoComplete="off" maxLength={TEXT_LIMITS.payrollId} />
          </NamedField>
        </div>
      ) : null}
    </>
  )
}

/**
 * A name or the department, with its limit: the count of characters left near it, and
 * the field invalid past it (the browser's or server's message, when there is one, comes first).
 */
function LimitedField({
  name,
  label,
  message,
  control,
}: {
  name: 'firstName' | 'lastName' | 'department'
  label: string
  message: string | undefined
  control: {
    id: string
    value: string
    'aria-invalid'?: boolean
    'aria-describedby'?: string
  } & ComponentProps<'input'>
}) {
  // The form's own message (browser's or server's) stands alone when there is one.
  const limit = useTextLimit(control.id, control.value, TEXT_LIMITS[name], control['aria-describedby'])
  return (
    <FormField id={control.id} label={label} message={message}>
      <Input
        {...control}
        aria-invalid={control['aria-invalid'] ?? limit.control['aria-invalid']}
        aria-describedby={limit.control['aria-describedby']}
        type="text"
        autoComplete="off"
        required
      />
      {message ? null : limit.note}
    </FormField>
  )
}
