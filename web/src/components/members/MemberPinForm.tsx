import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fullName, Pin, type User } from '@app/core'
import { errorFields } from '../../api/client.ts'
import { useSetMemberPin } from '../../api/kiosk.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { PinField, usePinField } from '../kiosk/PinField.tsx'
import { Button } from '../ui/Button.tsx'

/** Edit Member → Kiosk PIN: a supervisor sets a member's PIN or clears it (PUT /api/employees/{id}/pin). */
export function MemberPinForm({ member }: { member: User }) {
  const { t } = useTranslation('supervisor')
  const save = useSetMemberPin()
  const field = usePinField()
  const { pin, setPin, setError } = field
  const name = fullName(member)
  const change = (next: string | null) =>
    save.mutate(
      { id: member.id, pin: next },
      {
        onSuccess: () => {
          setPin('')
          toast({
            title: t('members.pin.savedTitle'),
            description: t(next === null ? 'members.pin.cleared' : 'members.pin.set', { name }),
          })
        },
        onError: (failure) => {
          setError(errorFields(failure).pin)
          toastFailure(t('members.error'), failure, t('members.pin.failed'))
        },
      },
    )
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!Pin.safeParse(pin).success) return setError(t('kiosk.invalidPin'))
    change(pin)
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-label={t('members.pin.formLabel')}
    >
      <h3 className="text-base font-semibold text-slate-900">{t('members.pin.title')}</h3>
      <p className="text-sm text-slate-700">{t('members.pin.intro', { name })}</p>
      <PinField label={t('members.pin.label')} field={field} disabled={save.isPending} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" busy={save.isPending} busyLabel={t('members.pin.saving')}>
          {t('members.pin.save')}
        </Button>
        <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => change(null)}>
          {t('members.pin.clear')}
        </Button>
      </div>
    </form>
  )
}
