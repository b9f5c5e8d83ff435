import type { FormEvent } from 'react'
import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Pin } from '@app/core'
import { errorFields } from '../../api/client.ts'
import { useSetOwnPin } from '../../api/kiosk.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { IconCard } from '../ui/IconCard.tsx'
import { PinField, usePinField } from './PinField.tsx'

/** Profile → Kiosk PIN: the member sets their own 4-to-6-digit PIN (PUT /api/profile/pin). */
export function OwnPinCard() {
  const { t } = useTranslation('staff')
  const save = useSetOwnPin()
  const field = usePinField()
  const { pin, setPin, setError } = field
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!Pin.safeParse(pin).success) return setError(t('profile.pin.invalid'))
    save.mutate(pin, {
      onSuccess: () => {
        setPin('')
        toast({ title: t('profile.pin.saved'), description: t('profile.pin.savedText') })
      },
      onError: (failure) => {
        setError(errorFields(failure).pin)
        toastFailure(t('common:error'), failure, t('profile.pin.failed'))
      },
    })
  }
  return (
    <IconCard icon={KeyRound} title={t('profile.pin.title')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('profile.pin.title')}>
        <p className="text-sm text-slate-700">{t('profile.pin.intro')}</p>
        <PinField label={t('profile.pin.label')} hint={t('profile.pin.hint')} field={field} disabled={save.isPending} />
        <Button type="submit" busy={save.isPending} busyLabel={t('profile.pin.saving')}>
          {t('profile.pin.save')}
        </Button>
      </form>
    </IconCard>
  )
}
