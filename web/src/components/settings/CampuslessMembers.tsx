import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { startingCampus, type Campus } from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { useSaveCampuses } from '../../api/campuses.ts'
import { useMembers } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { AlertLine } from '../ui/ItemForm.tsx'

/**
 * How many members have no campus yet (a church's members wait for one until a save of the list
 * gives it them; a save cut short leaves some): whole-church supervisors only see it.
 */
export function useCampuslessCount(enabled: boolean) {
  const members = useMembers({ enabled }).data
  return members ? members.filter((m) => !m.campusId).length : 0
}

/**
 * The members without a campus, flagged, and moved together to the campus chosen (the list is
 * saved as it is, with `membersStartAt`; the server gives a campus to every member still without one).
 */
export function CampuslessMembers({ campuses, count }: { campuses: readonly Campus[]; count: number }) {
  const { t } = useTranslation('supervisor')
  const save = useSaveCampuses()
  const active = campuses.filter((c) => c.active)
  const [chosen, setChosen] = useState(() => startingCampus(campuses)?.name ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  if (!count || !active.length) return null
  const target = active.find((c) => c.name === chosen) ?? active[0]!
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setProblem(null)
    save.mutate(
      { campuses: [...campuses], membersStartAt: target.name },
      {
        onSuccess: () => toast({ title: t('campuses.waiting.moved', { count, name: target.name }) }),
        onError: (error) => setProblem(errorMessage(error, t('campuses.saveFailed'))),
      },
    )
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="campusless-title"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <p id="campusless-title" className="text-sm font-medium text-slate-900">
        {t('campuses.waiting.text', { count })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id="campusless-target" label={t('campuses.waiting.target')} className="min-w-48 flex-1">
          <select
            id="campusless-target"
            className={inputClasses}
            value={target.name}
            disabled={save.isPending}
            onChange={(e) => setChosen(e.target.value)}
          >
            {active.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="submit" disabled={save.isPending} busy={save.isPending} busyLabel={t('campuses.saving')}>
          {t('campuses.waiting.move', { count })}
        </Button>
      </div>
      <AlertLine message={problem} />
    </form>
  )
}
