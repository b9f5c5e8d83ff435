import { Landmark } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AllocationCode } from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button, RowButton } from '../ui/Button.tsx'
import { ListRow, QueryList, listTexts } from '../ui/QueryList.tsx'
import { CodeForm } from './AllocationCodeForm.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'
import { NEW_ITEM, useItemEditing } from './use-item-editing.ts'

/** A code's line: its name, kind, class and grant, and whether it may still be chosen. */
function CodeLine({
  code,
  editId,
  onEdit,
  disabled,
}: {
  code: AllocationCode
  editId: string
  onEdit: () => void
  disabled: boolean
}) {
  const { t } = useTranslation('supervisor')
  const grant = [
    code.from || code.to ? t('allocation.dates', { from: code.from ?? '…', to: code.to ?? '…' }) : null,
    code.budgetHours !== null ? t('allocation.budget', { hours: code.budgetHours }) : null,
  ].filter(Boolean)
  return (
    <ListRow
      actions={
        <RowButton
          id={editId}
          disabled={disabled}
          aria-label={t('allocation.editNamed', { name: code.name })}
          onClick={onEdit}
        >
          {t('allocation.edit')}
        </RowButton>
      }
    >
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
    </ListRow>
  )
}

/** The catalogue group of this section's texts. */
const TEXTS = 'allocation'

/**
 * Settings → Ministries and funds (supervisors): the codes hours are allocated to, each
 * added and edited here; a code is never deleted, only made inactive (history and reports keep it).
 */
export function AllocationCodesSection() {
  const { t } = useTranslation('supervisor')
  const codes = useAllocationCodes()
  // The code being edited (its id), NEW_ITEM while adding one, or null.
  const { editing, open, close, editId, addId } = useItemEditing('code')
  const list = codes.data?.codes
  return (
    <SettingsSectionCard
      id="allocation-codes"
      titleId="allocation-codes-title"
      icon={Landmark}
      texts={TEXTS}
      contentClassName="space-y-4"
    >
      <QueryList query={codes} items={list} {...listTexts(t, TEXTS)}>
        {(code) =>
          editing === code.id ? (
            <li key={code.id} className="py-3">
              <CodeForm codes={list!} editing={code} onDone={close} />
            </li>
          ) : (
            <CodeLine
              key={code.id}
              code={code}
              editId={editId(code.id)}
              disabled={editing !== null}
              onEdit={() => open(code.id)}
            />
          )
        }
      </QueryList>
      {!list ? null : editing === NEW_ITEM ? (
        <CodeForm codes={list} editing={undefined} onDone={close} />
      ) : (
        <div className="flex justify-end">
          <Button id={addId} type="button" disabled={editing !== null} onClick={() => open(NEW_ITEM)}>
            {t('allocation.add')}
          </Button>
        </div>
      )}
    </SettingsSectionCard>
  )
}
