import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client.ts'
import { useMatching, useSaveMatching } from '../../api/integration-matching.ts'
import type { SendingIntegration } from '../../api/keys.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import {
  kindLabelKey,
  matchingModel,
  matchingUpdate,
  picksOf,
  type MatchingModel,
  type MatchRow,
  type Picks,
  type VendorChoice,
} from './matching-model.ts'
import { ItemOptions } from '../ui/Options.tsx'
import { Remounted } from '../ui/Remounted.tsx'

/**
 * A connected vendor's matching (QuickBooks Online or Gusto): our paid members to its employees
 * (how each was matched, a picker for every one, who is not matched), and our allocation codes to
 * QuickBooks classes and our kinds of pay to its pay types, or our kinds of leave to Gusto's
 * time-off policies. Save keeps what changed.
 */
export function VendorMatching({ vendor }: { vendor: SendingIntegration }) {
  const { t } = useTranslation('supervisor')
  const name = t(`integrations.names.${vendor}`)
  const matching = useMatching(vendor)
  if (matching.isPending) return <LoadingState label={t('integrations.matching.loading', { name })} />
  if (matching.isError)
    return (
      <ErrorState
        message={errorMessage(matching.error, t('integrations.matching.loadError', { name }))}
        onRetry={() => void matching.refetch()}
      />
    )
  const model = matchingModel(vendor, matching.data)
  // A fresh form for each answer: the picks start from what is kept now.
  return (
    <Remounted version={matching.dataUpdatedAt}>
      <MatchingForm vendor={vendor} model={model} />
    </Remounted>
  )
}

function MatchingForm({ vendor, model }: { vendor: SendingIntegration; model: MatchingModel }) {
  const { t } = useTranslation('supervisor')
  const name = t(`integrations.names.${vendor}`)
  const save = useSaveMatching(vendor)
  const [picks, setPicks] = useState<Picks>(() => picksOf(model))
  const unmatched = model.people.filter((p) => p.vendorId === null)
  const formId = `matching-${vendor}`
  const thingName = (row: MatchRow) => (row.kind ? t(kindLabelKey(row.kind)) : row.name)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const update = matchingUpdate(vendor, model, picks)
    if (!update) {
      toast({ title: t('integrations.matching.nothingChanged') })
      return
    }
    save.mutate(update, { onSuccess: () => toast({ title: t('integrations.matching.saved'), description: name }) })
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${formId}-title`} className="space-y-4 text-sm">
      <div className="space-y-1">
        <h3 id={`${formId}-title`} className="font-semibold text-slate-900">
          {t('integrations.matching.title', { name })}
        </h3>
        <p className="text-slate-700">{t('integrations.matching.intro', { name })}</p>
      </div>

      {model.people.length === 0 ? (
        <p className="text-slate-600">{t('integrations.matching.noMembers')}</p>
      ) : unmatched.length ? (
        <div
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900"
          data-testid={`${formId}-unmatched`}
        >
          <p className="font-medium">{t('integrations.matching.unmatchedTitle', { count: unmatched.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {unmatched.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-green-900" data-testid={`${formId}-unmatched`}>
          {t('integrations.matching.allMatched')}
        </p>
      )}

      {model.people.length ? (
        <Pairs
          title={t('integrations.matching.members', { name })}
          rows={model.people}
          choices={model.employees}
          none={t('integrations.matching.nobody')}
          pickLabel={(row) => t('integrations.matching.employeeFor', { name, member: row.name })}
          rowName={(row) => row.name}
          picks={picks.people}
          onPick={(id, value) => setPicks((p) => ({ ...p, people: { ...p.people, [id]: value } }))}
        />
      ) : null}

      {model.things.length ? (
        <Pairs
          title={t(`integrations.matching.things.${vendor}`)}
          rows={model.things}
          choices={model.vendorThings}
          none={t(vendor === 'quickbooks' ? 'integrations.matching.noClass' : 'integrations.matching.noPolicy')}
          pickLabel={(row) => t(`integrations.matching.thingFor.${vendor}`, { thing: thingName(row) })}
          rowName={thingName}
          picks={picks.things}
          onPick={(id, value) => setPicks((p) => ({ ...p, things: { ...p.things, [id]: value } }))}
        />
      ) : (
        <p className="text-slate-600">{t(`integrations.matching.noThings.${vendor}`)}</p>
      )}

      {vendor === 'quickbooks' ? (
        model.payTypesAvailable ? (
          <Pairs
            title={t('integrations.matching.payTypes.title')}
            rows={model.payKinds}
            choices={model.payTypes}
            none={t('integrations.matching.payTypes.none')}
            pickLabel={(row) => t('integrations.matching.payTypes.for', { thing: thingName(row) })}
            rowName={thingName}
            picks={picks.payKinds}
            onPick={(id, value) => setPicks((p) => ({ ...p, payKinds: { ...p.payKinds, [id]: value } }))}
          />
        ) : (
          <div
            className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-700"
            data-testid={`${formId}-pay-types-unavailable`}
          >
            <p className="font-medium text-slate-900">{t('integrations.matching.payTypes.title')}</p>
            <p>{t('integrations.matching.payTypes.unavailable')}</p>
            {model.payTypesVendorMessages.map((message) => (
              <p key={message} className="break-words">
                {t('payroll.send.vendorSaid', { vendor: name, message })}
              </p>
            ))}
          </div>
        )
      ) : null}

      <FormAlert message={save.isError ? errorMessage(save.error, t('integrations.matching.saveFailed')) : null} />
      <Button type="submit" wrap disabled={save.isPending}>
        {save.isPending ? t('integrations.matching.saving') : t('integrations.matching.save', { name })}
      </Button>
    </form>
  )
}

/** A list of our rows, each with how it is matched now and a picker of the vendor's counterparts. */
function Pairs({
  title,
  rows,
  choices,
  none,
  pickLabel,
  rowName,
  picks,
  onPick,
}: {
  title: string
  rows: readonly MatchRow[]
  choices: readonly VendorChoice[]
  none: string
  pickLabel: (row: MatchRow) => string
  rowName: (row: MatchRow) => string
  picks: Record<string, string>
  onPick: (id: string, vendorId: string) => void
}) {
  const { t } = useTranslation('supervisor')
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">{title}</legend>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {rows.map((row) => {
          const id = `match-${title}-${row.id}`.replace(/[^\w-]/g, '_')
          return (
            <li key={row.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{rowName(row)}</p>
                <p className="text-slate-600" id={`${id}-by`}>
                  {t(`integrations.matching.by.${row.vendorId === null ? 'none' : (row.by ?? 'matched')}`)}
                </p>
              </div>
              <select
                id={id}
                aria-label={pickLabel(row)}
                aria-describedby={`${id}-by`}
                className={`${inputClasses} sm:max-w-xs`}
                value={picks[row.id] ?? ''}
                onChange={(e) => onPick(row.id, e.target.value)}
              >
                <option value="">{none}</option>
                <ItemOptions items={choices} label={(c) => (c.detail ? `${c.name} · ${c.detail}` : c.name)} />
              </select>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
