import { useState } from 'react'
import { Plane } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { Away, reachCovers, todayIn, type CurrentUser } from '@app/core'
import { useSetAway } from '../../api/auth.ts'
import { useApproverChoices } from '../../api/members.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { IconCard } from '../ui/IconCard.tsx'
import { ItemOptions } from '../ui/Options.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'

type Field = 'from' | 'to' | 'delegateId'
const ORDER: readonly Field[] = ['from', 'to', 'delegateId']

/**
 * On Profile (supervisors): time away and who decides meanwhile. Between the dates,
 * everything routed to this supervisor goes to the delegate; links already emailed stay valid.
 */
export function AwayCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('staff')
  const timeZone = useOrgTimeZone()
  const today = todayIn(timeZone)
  // Only someone who reaches every campus this supervisor does can open what is routed to them.
  const delegates = useApproverChoices().filter((c) => c.id !== user.id && reachCovers(c, user))
  const save = useSetAway()
  const [values, setValues] = useState<Record<Field, string>>({
    from: user.away?.from ?? today,
    to: user.away?.to ?? today,
    delegateId: user.away?.delegateId ?? '',
  })
  const errors = useFieldErrors(ORDER, save.error)
  const formError = errors.formError(t('profile.away.failed'))
  const delegateName = delegates.find((d) => d.id === user.away?.delegateId)?.name ?? ''

  const onSubmit = errors.onSubmit(Away, values, (away) =>
    save.mutate(away, {
      onSuccess: () =>
        toast({
          title: i18next.t('staff:profile.away.savedTitle'),
          description: i18next.t('staff:profile.away.saved'),
        }),
      onError: (error) => toastFailure(t('common:error'), error, t('profile.away.failed')),
    }),
  )
  const end = () =>
    save.mutate(null, {
      onSuccess: () =>
        toast({
          title: i18next.t('staff:profile.away.endedTitle'),
          description: i18next.t('staff:profile.away.ended'),
        }),
      onError: (error) => toastFailure(t('common:error'), error, t('profile.away.failed')),
    })
  const control = (name: Field) => ({
    id: `away-${name}`,
    name,
    value: values[name],
    disabled: save.isPending,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      errors.clear(name)
    },
    'aria-invalid': errors.shown[name] ? true : undefined,
    'aria-describedby': fieldDescription(`away-${name}`, { message: errors.shown[name] }),
  })

  return (
    <IconCard icon={Plane} title={t('profile.away.title')}>
      <p className="mb-3 text-sm text-slate-600">{t('profile.away.intro')}</p>
      {user.away ? (
        <p role="status" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('profile.away.current', {
            from: formatDate(user.away.from),
            to: formatDate(user.away.to),
            name: delegateName,
          })}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={t('profile.away.title')}>
        <FormAlert message={formError} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="away-from" label={t('profile.away.from')} message={errors.shown.from}>
            <Input type="date" {...control('from')} />
          </FormField>
          <FormField id="away-to" label={t('profile.away.to')} message={errors.shown.to}>
            <Input type="date" {...control('to')} />
          </FormField>
        </div>
        <FormField id="away-delegateId" label={t('profile.away.delegate')} message={errors.shown.delegateId}>
          <select {...control('delegateId')} className={inputClasses}>
            <option value="">{t('profile.away.chooseDelegate')}</option>
            <ItemOptions items={delegates} />
          </select>
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t('profile.away.save')}
          </Button>
          {user.away ? (
            <Button type="button" variant="outline" disabled={save.isPending} onClick={end}>
              {t('profile.away.end')}
            </Button>
          ) : null}
        </div>
      </form>
    </IconCard>
  )
}
