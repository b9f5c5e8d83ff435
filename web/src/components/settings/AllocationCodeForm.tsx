import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ALLOCATION_CLASS_MAX_LENGTH,
  ALLOCATION_COST_NUMBER_MAX_LENGTH,
  ALLOCATION_NAME_MAX_LENGTH,
  AllocationCodesUpdate,
  AllocationKind,
  type AllocationCode,
} from '@app/core'
import { useSaveAllocationCodes } from '../../api/allocation.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { CheckboxRow, NamedField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { ItemForm } from '../ui/ItemForm.tsx'
import { Options } from '../ui/Options.tsx'
import { blank, inputOf, messagesAt, storedInput, valuesOf, type CodeField, type CodeValues } from './code-values.ts'
import { useListItemSave } from './use-list-item-save.ts'

/** The text fields with a hint, and their longest texts. */
const HINTED_FIELDS = ['className', 'costNumber'] as const
const HINTED_MAX_LENGTH = { className: ALLOCATION_CLASS_MAX_LENGTH, costNumber: ALLOCATION_COST_NUMBER_MAX_LENGTH }

/** Add or edit one code; the whole list is saved (PUT), the others as they are. */
export function CodeForm({
  codes,
  editing,
  onDone,
}: {
  codes: readonly AllocationCode[]
  /** The code edited, or undefined for a new one. */
  editing: AllocationCode | undefined
  onDone: () => void
}) {
  const { t } = useTranslation('supervisor')
  const [values, setValues] = useState<CodeValues>(() => (editing ? valuesOf(editing) : blank))
  const index = editing ? codes.findIndex((c) => c.id === editing.id) : codes.length
  const prefix = editing ? `code-${editing.id}` : 'code-new'
  const id = (field: CodeField | 'active') => `${prefix}-${field}`
  const { shown, formError, save, edited, control, busy } = useListItemSave(useSaveAllocationCodes(), {
    mine: (issues) => messagesAt(index, issues),
    id,
    saved: t('allocation.saved'),
    failed: t('allocation.saveFailed'),
  })

  const set = <K extends keyof CodeValues>(field: K, value: CodeValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    edited(field)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const list = codes.map(storedInput)
    list[index] = inputOf(values, editing?.id)
    save(AllocationCodesUpdate, { codes: list }, values.name, onDone, (error) =>
      toastFailure(t('allocation.saveFailed'), error, t('allocation.saveFailed')),
    )
  }

  /** A field's label and hint, from the form's catalogue group. */
  const fieldText = (key: string) => t(`allocation.fields.${key}`)

  /** The form's own texts, from its catalogue group. */
  const formText = (key: string, params?: { name: string }) => t(`allocation.${key}`, { ...params })

  return (
    <ItemForm t={formText} name={editing?.name} onSubmit={onSubmit} error={formError} busy={busy} onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <NamedField id={id('name')} name="name" text={fieldText} message={shown.name}>
          <Input
            {...control('name')}
            value={values.name}
            maxLength={ALLOCATION_NAME_MAX_LENGTH}
            autoComplete="off"
            required
            onChange={(e) => set('name', e.target.value)}
          />
        </NamedField>
        <NamedField id={id('kind')} name="kind" text={fieldText} message={shown.kind}>
          <select
            {...control('kind')}
            value={values.kind}
            className={inputClasses}
            onChange={(e) => set('kind', e.target.value as AllocationKind)}
          >
            <Options values={AllocationKind.options} label={(kind) => t(`allocation.kind.${kind}`)} />
          </select>
        </NamedField>
      </div>
      {HINTED_FIELDS.map((field) => (
        <NamedField key={field} id={id(field)} name={field} text={fieldText} hint message={shown[field]}>
          <Input
            {...control(field, true)}
            value={values[field]}
            maxLength={HINTED_MAX_LENGTH[field]}
            autoComplete="off"
            onChange={(e) => set(field, e.target.value)}
          />
        </NamedField>
      ))}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{t('allocation.fields.grant')}</legend>
        <p className="text-sm text-slate-600">{t('allocation.fields.grantHint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <NamedField id={id('from')} name="from" text={fieldText} message={shown.from}>
            <Input {...control('from')} type="date" value={values.from} onChange={(e) => set('from', e.target.value)} />
          </NamedField>
          <NamedField id={id('to')} name="to" text={fieldText} message={shown.to}>
            <Input {...control('to')} type="date" value={values.to} onChange={(e) => set('to', e.target.value)} />
          </NamedField>
          <NamedField id={id('budgetHours')} name="budgetHours" text={fieldText} message={shown.budgetHours}>
            <Input
              {...control('budgetHours')}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={values.budgetHours}
              onChange={(e) => set('budgetHours', e.target.value)}
            />
          </NamedField>
        </div>
      </fieldset>
      <CheckboxRow
        id={id('active')}
        checked={values.active}
        disabled={busy}
        onChange={(active) => set('active', active)}
        label={t('allocation.fields.active')}
        hint={t('allocation.fields.activeHint')}
      />
    </ItemForm>
  )
}
