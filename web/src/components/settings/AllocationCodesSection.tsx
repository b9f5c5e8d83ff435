import { useState, type FormEvent } from 'react'
import { Landmark } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  ALLOCATION_CLASS_MAX_LENGTH,
  ALLOCATION_COST_NUMBER_MAX_LENGTH,
  ALLOCATION_NAME_MAX_LENGTH,
  AllocationCodesUpdate,
  AllocationKind,
  type AllocationCode,
  type AllocationCodeInput,
} from '@app/core'
import { errorFields, errorMessage } from '../../api/client.ts'
import { useAllocationCodes, useSaveAllocationCodes } from '../../api/allocation.ts'
import { translated } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormField, fieldDescription } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { Options } from '../ui/Options.tsx'

/** What `editing` holds while a new code is being added (no code's id: ids are never empty). */
const NEW_CODE = ''

type CodeField = 'name' | 'kind' | 'className' | 'costNumber' | 'from' | 'to' | 'budgetHours'
const FIELD_ORDER: readonly CodeField[] = ['name', 'kind', 'className', 'costNumber', 'from', 'to', 'budgetHours']

interface CodeValues {
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

const blank: CodeValues = {
  name: '',
  kind: 'ministry',
  className: '',
  costNumber: '',
  from: '',
  to: '',
  budgetHours: '',
  active: true,
}

const valuesOf = (code: AllocationCode): CodeValues => ({
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
const inputOf = (values: CodeValues, id: string | undefined): AllocationCodeInput => ({
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
const storedInput = (code: AllocationCode): AllocationCodeInput => ({ ...code })

/** The messages of the edited code (its index in the list), by field, from zod's or the server's paths. */
const messagesAt = (index: number, issues: Record<string, string>): Partial<Record<CodeField, string>> =>
  Object.fromEntries(
    FIELD_ORDER.flatMap((field) => {
      const message = issues[`codes.${index}.${field}`]
      return message ? [[field, message]] : []
    }),
  )

/** Add or edit one code; the whole list is saved (PUT), the others as they are. */
function CodeForm({
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
  const save = useSaveAllocationCodes()
  const [values, setValues] = useState<CodeValues>(() => (editing ? valuesOf(editing) : blank))
  const [shown, setShown] = useState<Partial<Record<CodeField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const index = editing ? codes.findIndex((c) => c.id === editing.id) : codes.length
  const busy = save.isPending
  const prefix = editing ? `code-${editing.id}` : 'code-new'
  const id = (field: CodeField | 'active') => `${prefix}-${field}`

  const set = <K extends keyof CodeValues>(field: K, value: CodeValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setShown((s) => ({ ...s, [field]: undefined }))
    setFormError(null)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const list = codes.map(storedInput)
    list[index] = inputOf(values, editing?.id)
    const checked = AllocationCodesUpdate.safeParse({ codes: list })
    if (!checked.success) {
      const issues = Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), translated(i.message)]))
      const mine = messagesAt(index, issues)
      setShown(mine)
      if (Object.keys(mine).length === 0)
        setFormError(translated(checked.error.issues[0]?.message ?? t('allocation.saveFailed')))
      const first = FIELD_ORDER.find((f) => mine[f])
      if (first) document.getElementById(id(first))?.focus()
      return
    }
    save.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: t('allocation.saved'), description: values.name.trim() })
        onDone()
      },
      onError: (error) => {
        const mine = messagesAt(index, errorFields(error))
        setShown(mine)
        if (Object.keys(mine).length === 0) setFormError(errorMessage(error, t('allocation.saveFailed')))
        toastFailure(t('allocation.saveFailed'), error, t('allocation.saveFailed'))
      },
    })
  }

  const control = (field: CodeField, hint = false) => ({
    id: id(field),
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': fieldDescription(id(field), { hint, message: shown[field] }),
    disabled: busy,
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-md border border-slate-200 p-4"
      aria-label={editing ? t('allocation.editNamed', { name: editing.name }) : t('allocation.add')}
    >
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('name')} label={t('allocation.fields.name')} message={shown.name}>
          <Input
            {...control('name')}
            value={values.name}
            maxLength={ALLOCATION_NAME_MAX_LENGTH}
            autoComplete="off"
            required
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
        <FormField id={id('kind')} label={t('allocation.fields.kind')} message={shown.kind}>
          <select
            {...control('kind')}
            value={values.kind}
            className={inputClasses}
            onChange={(e) => set('kind', e.target.value as AllocationKind)}
          >
            <Options values={AllocationKind.options} label={(kind) => t(`allocation.kind.${kind}`)} />
          </select>
        </FormField>
      </div>
      <FormField
        id={id('className')}
        label={t('allocation.fields.className')}
        hint={t('allocation.fields.classNameHint')}
        message={shown.className}
      >
        <Input
          {...control('className', true)}
          value={values.className}
          maxLength={ALLOCATION_CLASS_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => set('className', e.target.value)}
        />
      </FormField>
      <FormField
        id={id('costNumber')}
        label={t('allocation.fields.costNumber')}
        hint={t('allocation.fields.costNumberHint')}
        message={shown.costNumber}
      >
        <Input
          {...control('costNumber', true)}
          value={values.costNumber}
          maxLength={ALLOCATION_COST_NUMBER_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => set('costNumber', e.target.value)}
        />
      </FormField>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{t('allocation.fields.grant')}</legend>
        <p className="text-sm text-slate-600">{t('allocation.fields.grantHint')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={id('from')} label={t('allocation.fields.from')} message={shown.from}>
            <Input {...control('from')} type="date" value={values.from} onChange={(e) => set('from', e.target.value)} />
          </FormField>
          <FormField id={id('to')} label={t('allocation.fields.to')} message={shown.to}>
            <Input {...control('to')} type="date" value={values.to} onChange={(e) => set('to', e.target.value)} />
          </FormField>
          <FormField id={id('budgetHours')} label={t('allocation.fields.budgetHours')} message={shown.budgetHours}>
            <Input
              {...control('budgetHours')}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={values.budgetHours}
              onChange={(e) => set('budgetHours', e.target.value)}
            />
          </FormField>
        </div>
      </fieldset>
      <label className="flex items-start gap-3 text-sm">
        <input
          id={id('active')}
          type="checkbox"
          checked={values.active}
          disabled={busy}
          aria-describedby={`${id('active')}-hint`}
          onChange={(e) => set('active', e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-indigo-600"
        />
        <span>
          <span className="font-medium text-slate-900">{t('allocation.fields.active')}</span>
          <span id={`${id('active')}-hint`} className="block text-slate-600">
            {t('allocation.fields.activeHint')}
          </span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone} disabled={busy}>
          {t('allocation.cancel')}
        </Button>
        <Button type="submit" disabled={busy} busy={busy} busyLabel={t('allocation.saving')}>
          {editing ? t('allocation.save') : t('allocation.add')}
        </Button>
      </div>
    </form>
  )
}

/** A code's line: its name, kind, class and grant, and whether it may still be chosen. */
function CodeLine({ code, onEdit, disabled }: { code: AllocationCode; onEdit: () => void; disabled: boolean }) {
  const { t } = useTranslation('supervisor')
  const grant = [
    code.from || code.to ? t('allocation.dates', { from: code.from ?? '…', to: code.to ?? '…' }) : null,
    code.budgetHours !== null ? t('allocation.budget', { hours: code.budgetHours }) : null,
  ].filter(Boolean)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
          {code.name}
          <Badge variant="secondary">{t(`allocation.kind.${code.kind}`)}</Badge>
          {code.active ? null : <Badge variant="outline">{t('allocation.inactive')}</Badge>}
        </p>
        {code.className ? (
          <p className="text-slate-600">{t('allocation.classLine', { className: code.className })}</p>
        ) : null}
        {code.costNumber ? (
          <p className="text-slate-600">{t('allocation.costNumberLine', { costNumber: code.costNumber })}</p>
        ) : null}
        {grant.length ? <p className="text-slate-600">{grant.join(' · ')}</p> : null}
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={disabled}
        aria-label={t('allocation.editNamed', { name: code.name })}
        onClick={onEdit}
      >
        {t('allocation.edit')}
      </Button>
    </li>
  )
}

/**
 * Settings → Ministries and funds (supervisors): the codes hours are allocated to, each
 * added and edited here; a code is never deleted, only made inactive (history and reports keep it).
 */
export function AllocationCodesSection() {
  const { t } = useTranslation('supervisor')
  const codes = useAllocationCodes()
  // The code being edited (its id), NEW_CODE while adding one, or null.
  const [editing, setEditing] = useState<string | null>(null)
  const list = codes.data?.codes
  return (
    <Card id="allocation-codes" role="region" aria-labelledby="allocation-codes-title">
      <CardHeader>
        <CardTitle id="allocation-codes-title" className="flex items-center gap-2">
          <Landmark aria-hidden className="size-5" /> {t('allocation.title')}
        </CardTitle>
        <CardDescription>{t('allocation.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {list ? (
          <>
            {list.length ? (
              <ul className="divide-y divide-slate-100" aria-label={t('allocation.listLabel')}>
                {list.map((code) =>
                  editing === code.id ? (
                    <li key={code.id} className="py-3">
                      <CodeForm codes={list} editing={code} onDone={() => setEditing(null)} />
                    </li>
                  ) : (
                    <CodeLine
                      key={code.id}
                      code={code}
                      disabled={editing !== null}
                      onEdit={() => setEditing(code.id)}
                    />
                  ),
                )}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t('allocation.none')}</p>
            )}
            {editing === NEW_CODE ? (
              <CodeForm codes={list} editing={undefined} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex justify-end">
                <Button type="button" disabled={editing !== null} onClick={() => setEditing(NEW_CODE)}>
                  {t('allocation.add')}
                </Button>
              </div>
            )}
          </>
        ) : codes.isLoading ? (
          <LoadingState label={t('allocation.loading')} />
        ) : (
          <ErrorState
            message={errorMessage(codes.error, t('allocation.loadError'))}
            onRetry={() => void codes.refetch()}
          />
        )}
      </CardContent>
    </Card>
  )
}
