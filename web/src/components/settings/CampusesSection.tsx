import { useState, type FormEvent } from 'react'
import { MapPin } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  CAMPUS_ADDRESS_MAX_LENGTH,
  CAMPUS_NAME_MAX_LENGTH,
  CampusesUpdate,
  startingCampus,
  type Campus,
  type CampusInput,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { useCampusChoices, useCampuses, useSaveCampuses } from '../../api/campuses.ts'
import { toast } from '../../lib/toast.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button, RowButton } from '../ui/Button.tsx'
import { CheckboxRow, FormField } from '../ui/FormField.tsx'
import { Input } from '../ui/Input.tsx'
import { AlertLine, ItemForm } from '../ui/ItemForm.tsx'
import { ListRow, QueryList } from '../ui/QueryList.tsx'
import { CampuslessMembers, useCampuslessCount } from './CampuslessMembers.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'
import { NEW_ITEM, useItemEditing } from './use-item-editing.ts'
import { useListItemSave } from './use-list-item-save.ts'

/** The catalogue group of this section's texts. */
const TEXTS = 'campuses'

type Field = 'name' | 'address'

/** The list as the PUT carries it, with `index` replaced by `next` (or appended, or left out for null). */
const listWith = (campuses: readonly Campus[], index: number, next: CampusInput | null): CampusInput[] => {
  const list: CampusInput[] = campuses.map((c) => ({ ...c }))
  if (next === null) list.splice(index, 1)
  else list[index] = next
  return list
}

/**
 * Add or edit one campus; the whole list is saved. `campusless`: how many members have no campus
 * yet; when this campus is the first active one, they start at it (the form says so before saving).
 */
function CampusForm({
  campuses,
  editing,
  onDone,
  campusless,
}: {
  campuses: readonly Campus[]
  editing: Campus | undefined
  onDone: () => void
  campusless: number
}) {
  const { t } = useTranslation('supervisor')
  const [values, setValues] = useState({
    name: editing?.name ?? '',
    address: editing?.address ?? '',
    active: editing?.active ?? true,
  })
  const index = editing ? campuses.findIndex((c) => c.id === editing.id) : campuses.length
  const prefix = editing ? `campus-${editing.id}` : 'campus-new'
  const id = (field: Field | 'active') => `${prefix}-${field}`
  const {
    shown,
    formError,
    save,
    edited,
    control: fieldControl,
    busy,
  } = useListItemSave(useSaveCampuses(), {
    mine: (issues) => ({ name: issues[`campuses.${index}.name`], address: issues[`campuses.${index}.address`] }),
    id,
    saved: t('campuses.saved'),
    failed: t('campuses.saveFailed'),
  })
  const list = listWith(campuses, index, { ...(editing ? { id: editing.id } : {}), ...values })
  const startsHere = campusless > 0 && values.active && startingCampus(list) === list[index]

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { campuses: list, ...(startsHere && values.name.trim() ? { membersStartAt: values.name } : {}) }
    save(CampusesUpdate, body, values.name, onDone)
  }

  const control = (field: Field) => ({
    ...fieldControl(field),
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }))
      edited(field)
    },
  })

  /** The form's own texts, from its catalogue group. */
  const formText = (key: string, params?: { name: string }) => t(`campuses.${key}`, { ...params })

  return (
    <ItemForm t={formText} name={editing?.name} onSubmit={onSubmit} error={formError} busy={busy} onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('name')} label={t('campuses.fields.name')} message={shown.name}>
          <Input {...control('name')} maxLength={CAMPUS_NAME_MAX_LENGTH} autoComplete="off" required />
        </FormField>
        <FormField id={id('address')} label={t('campuses.fields.address')} message={shown.address}>
          <Input {...control('address')} maxLength={CAMPUS_ADDRESS_MAX_LENGTH} autoComplete="street-address" />
        </FormField>
      </div>
      <CheckboxRow
        id={id('active')}
        checked={values.active}
        disabled={busy}
        onChange={(active) => setValues((v) => ({ ...v, active }))}
        label={t('campuses.fields.active')}
      />
      {startsHere ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-slate-900">
          {t('campuses.waiting.startsHere', { count: campusless })}
        </p>
      ) : null}
    </ItemForm>
  )
}

/** A campus's line: its name and address, whether it is active, Edit and Remove. */
function CampusLine({
  campuses,
  campus,
  editId,
  onEdit,
  disabled,
}: {
  campuses: readonly Campus[]
  campus: Campus
  editId: string
  onEdit: () => void
  disabled: boolean
}) {
  const { t } = useTranslation('supervisor')
  const save = useSaveCampuses()
  const [problem, setProblem] = useState<string | null>(null)
  const remove = () =>
    save.mutate(
      { campuses: listWith(campuses, campuses.indexOf(campus), null) },
      {
        onSuccess: () => toast({ title: t('campuses.removed'), description: campus.name }),
        // A campus with members is refused (409 naming how many): the message says to move them first.
        onError: (error) => setProblem(errorMessage(error, t('campuses.saveFailed'))),
      },
    )
  return (
    <ListRow
      actions={
        <div className="flex flex-wrap gap-2">
          <RowButton
            id={editId}
            disabled={disabled || save.isPending}
            aria-label={t('campuses.editNamed', { name: campus.name })}
            onClick={onEdit}
          >
            {t('campuses.edit')}
          </RowButton>
          <RowButton
            disabled={disabled || save.isPending}
            busy={save.isPending}
            busyLabel={t('campuses.saving')}
            aria-label={t('campuses.removeNamed', { name: campus.name })}
            onClick={remove}
          >
            {t('campuses.remove')}
          </RowButton>
        </div>
      }
      below={<AlertLine message={problem} />}
    >
      <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
        {campus.name}
        {campus.active ? null : <Badge variant="outline">{t('campuses.inactive')}</Badge>}
      </p>
      {campus.address ? <p className="break-words text-slate-600">{campus.address}</p> : null}
    </ListRow>
  )
}

/**
 * Settings → Campuses (a whole-church supervisor changes them): the places the church meets.
 * Once there is one, every member belongs to a campus, and a supervisor may be given some to run.
 */
export function CampusesSection() {
  const { t } = useTranslation('supervisor')
  const campuses = useCampuses()
  const { wholeChurch } = useCampusChoices()
  const { editing, open, close, editId, addId } = useItemEditing('campus')
  const list = campuses.data?.campuses
  const campusless = useCampuslessCount(wholeChurch)
  return (
    <SettingsSectionCard
      id="campuses"
      titleId="campuses-title"
      icon={MapPin}
      texts={TEXTS}
      description={t(wholeChurch ? 'campuses.description' : 'campuses.wholeChurchOnly')}
      contentClassName="space-y-4"
    >
      <QueryList
        query={campuses}
        items={list}
        label={t('campuses.listLabel')}
        loading={t('campuses.loading')}
        empty={t('campuses.none')}
        loadError={t('campuses.loadError')}
      >
        {(campus) =>
          editing === campus.id ? (
            <li key={campus.id} className="py-3">
              <CampusForm campuses={list ?? []} editing={campus} onDone={close} campusless={campusless} />
            </li>
          ) : (
            <CampusLine
              key={campus.id}
              campuses={list ?? []}
              campus={campus}
              editId={editId(campus.id)}
              disabled={editing !== null || !wholeChurch}
              onEdit={() => open(campus.id)}
            />
          )
        }
      </QueryList>
      {list && wholeChurch ? (
        <>
          {editing === null ? <CampuslessMembers campuses={list} count={campusless} /> : null}
          {editing === NEW_ITEM ? (
            <CampusForm campuses={list} editing={undefined} onDone={close} campusless={campusless} />
          ) : (
            <div className="flex justify-end">
              <Button id={addId} type="button" disabled={editing !== null} onClick={() => open(NEW_ITEM)}>
                {t('campuses.add')}
              </Button>
            </div>
          )}
        </>
      ) : null}
    </SettingsSectionCard>
  )
}
