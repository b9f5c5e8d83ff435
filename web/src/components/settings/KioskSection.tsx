import { useState, type FormEvent } from 'react'
import { Tablet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { KioskCreate, type KioskView } from '@app/core'
import { errorFields, errorMessage } from '../../api/client.ts'
import { useCreateKiosk, useKiosks, useRevokeKiosk } from '../../api/kiosk.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { browser } from '../../lib/browser.ts'
import { formatDate } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { keepSignedIn } from '../../offline/kept-reads.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { Dialog, DialogActions, DialogContent, DialogHeading } from '../ui/Dialog.tsx'
import { FormField, fieldDescription } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

/** Opens the kiosk screen afresh: nothing of the supervisor's session stays in this tab. */
const openKiosk = () => browser.navigate('/kiosk')

/**
 * 'Use this device as a kiosk': asks first (the app's own dialog: this browser's supervisor session
 * ends), then POST /api/kiosks turns this browser's session into the kiosk's.
 */
function UseAsKioskForm() {
  const { t } = useTranslation('supervisor')
  const create = useCreateKiosk()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [asking, setAsking] = useState<KioskCreate | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = KioskCreate.safeParse({ name })
    if (!checked.success) return setError(t('kiosk.invalid'))
    setAsking(checked.data)
  }
  const confirm = () => {
    if (!asking) return
    create.mutate(asking, {
      onSuccess: () => {
        // This browser is a kiosk now: nothing of the supervisor is kept on it for offline use.
        keepSignedIn(null)
        openKiosk()
      },
      onError: (failure) => {
        setAsking(null)
        setError(errorFields(failure).name)
        toastFailure(t('kiosk.failed'), failure, t('kiosk.failed'))
      },
    })
  }
  return (
    <>
      <Dialog open={asking !== null} onOpenChange={(open) => (open || create.isPending ? undefined : setAsking(null))}>
        <DialogContent role="alertdialog">
          <DialogHeading title={t('kiosk.useConfirmTitle')}>
            {asking ? t('kiosk.useConfirmText', { name: asking.name }) : null}
          </DialogHeading>
          <DialogActions
            onClick={confirm}
            pending={create.isPending}
            label={t('kiosk.useConfirmAction')}
            busyLabel={t('kiosk.using')}
          />
        </DialogContent>
      </Dialog>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('kiosk.use')}>
        <FormField id="kiosk-name" label={t('kiosk.name')} hint={t('kiosk.nameHint')} message={error}>
          <input
            id="kiosk-name"
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.target.value)
              setError(undefined)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescription('kiosk-name', { hint: true, message: error })}
            disabled={create.isPending}
            className={inputClasses}
          />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending} busyLabel={t('kiosk.using')}>
            {t('kiosk.use')}
          </Button>
        </div>
      </form>
    </>
  )
}

/** Settings → Kiosk (supervisors): turn this browser into a kiosk, list the kiosks with their last use, revoke one. */
export function KioskSection() {
  const { t } = useTranslation('supervisor')
  const kiosks = useKiosks()
  const revoke = useRevokeKiosk()
  const zone = useOrgTimeZone()
  const [revoking, setRevoking] = useState<KioskView | null>(null)
  const confirmRevoke = () => {
    if (!revoking) return
    revoke.mutate(revoking.id, {
      onSettled: () => setRevoking(null),
      onError: (failure) => toastFailure(t('kiosk.revokeFailed'), failure, t('kiosk.revokeFailed')),
    })
  }
  return (
    <Card id="kiosk" role="region" aria-labelledby="kiosk-settings-title">
      <CardHeader>
        <CardTitle id="kiosk-settings-title" className="flex items-center gap-2">
          <Tablet aria-hidden className="size-5" /> {t('kiosk.title')}
        </CardTitle>
        <CardDescription>{t('kiosk.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {kiosks.data ? (
          kiosks.data.length ? (
            <ul className="divide-y divide-slate-100" aria-label={t('kiosk.listLabel')}>
              {kiosks.data.map((kiosk) => (
                <li key={kiosk.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 space-y-0.5 text-sm">
                    <p className="font-medium break-words text-slate-900">{kiosk.name}</p>
                    <p className="text-slate-600">
                      {t('kiosk.dates', {
                        created: formatDate(kiosk.createdAt, 'dateTime', '-', zone),
                        used: kiosk.lastUsedAt ? formatDate(kiosk.lastUsedAt, 'dateTime', '-', zone) : t('kiosk.never'),
                      })}
                    </p>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    disabled={revoke.isPending}
                    aria-label={t('kiosk.revokeNamed', { name: kiosk.name })}
                    onClick={() => setRevoking(kiosk)}
                  >
                    {t('kiosk.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('kiosk.none')}</p>
          )
        ) : kiosks.isLoading ? (
          <LoadingState label={t('kiosk.loading')} />
        ) : (
          <p className="text-sm text-slate-600">{errorMessage(kiosks.error, t('kiosk.loadError'))}</p>
        )}
        <UseAsKioskForm />
        <Dialog
          open={revoking !== null}
          onOpenChange={(open) => (open || revoke.isPending ? undefined : setRevoking(null))}
        >
          <DialogContent role="alertdialog">
            <DialogHeading title={t('kiosk.revokeConfirmTitle')}>
              {revoking ? t('kiosk.revokeConfirmText', { name: revoking.name }) : null}
            </DialogHeading>
            <DialogActions
              variant="destructive"
              onClick={confirmRevoke}
              pending={revoke.isPending}
              label={t('kiosk.revoke')}
              busyLabel={t('kiosk.revoking')}
            />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  )
}
