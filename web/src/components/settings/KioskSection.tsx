import { useState, type FormEvent } from 'react'
import { Tablet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { KioskCreate, type KioskView } from '@app/core'
import { useCampusChoices } from '../../api/campuses.ts'
import { errorFields } from '../../api/client.ts'
import { useCreateKiosk, useKiosks, useRevokeKiosk } from '../../api/kiosk.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { browser } from '../../lib/browser.ts'
import { formatUsage } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { keepSignedIn } from '../../offline/kept-reads.ts'
import { Button, RowButton } from '../ui/Button.tsx'
import { ConfirmDialog } from '../ui/Dialog.tsx'
import { ListRow, QueryList, listTexts } from '../ui/QueryList.tsx'
import { TextField } from '../ui/TextField.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'

/** The catalogue group of this section's texts. */
const TEXTS = 'kiosk'

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
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        texts={{ title: t('kiosk.useConfirmTitle'), confirm: t('kiosk.useConfirmAction'), busy: t('kiosk.using') }}
        onConfirm={confirm}
        pending={create.isPending}
      >
        {asking ? t('kiosk.useConfirmText', { name: asking.name }) : null}
      </ConfirmDialog>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('kiosk.use')}>
        <TextField
          id="kiosk-name"
          label={t('kiosk.name')}
          hint={t('kiosk.nameHint')}
          message={error}
          value={name}
          maxLength={60}
          onChange={(e) => {
            setName(e.target.value)
            setError(undefined)
          }}
          disabled={create.isPending}
        />
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending} busyLabel={t('kiosk.using')}>
            {t('kiosk.use')}
          </Button>
        </div>
      </form>
    </>
  )
}

/** One kiosk: its name, the campus it serves, its dates, and Revoke (`onRevoke` asks first). */
function KioskRow({ kiosk, onRevoke, busy }: { kiosk: KioskView; onRevoke: () => void; busy: boolean }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  // Once the church has campuses, each kiosk says whose members it lists: its campus, or (none) the whole church.
  const { campuses } = useCampusChoices()
  const campus = campuses.find((c) => c.id === kiosk.campusId)
  const serves = !campuses.length
    ? null
    : !kiosk.campusId
      ? t('kiosk.servesWholeChurch')
      : campus
        ? t('kiosk.serves', { campus: campus.name })
        : null
  const revoke = (
    <RowButton
      variant="destructive"
      disabled={busy}
      aria-label={t('kiosk.revokeNamed', { name: kiosk.name })}
      onClick={onRevoke}
    >
      {t('kiosk.revoke')}
    </RowButton>
  )
  return (
    <ListRow actions={revoke}>
      <p className="font-medium break-words text-slate-900">{kiosk.name}</p>
      {serves ? <p className="break-words text-slate-700">{serves}</p> : null}
      <p className="text-slate-600">{t('kiosk.dates', formatUsage(kiosk, t('kiosk.never'), zone))}</p>
    </ListRow>
  )
}

/** Settings → Kiosk (supervisors): turn this browser into a kiosk, list the kiosks with their last use, revoke one. */
export function KioskSection() {
  const { t } = useTranslation('supervisor')
  const kiosks = useKiosks()
  const revoke = useRevokeKiosk()
  const [revoking, setRevoking] = useState<KioskView | null>(null)
  const confirmRevoke = () => {
    if (!revoking) return
    revoke.mutate(revoking.id, {
      onSettled: () => setRevoking(null),
      onError: (failure) => toastFailure(t('kiosk.revokeFailed'), failure, t('kiosk.revokeFailed')),
    })
  }
  return (
    <SettingsSectionCard
      id="kiosk"
      titleId="kiosk-settings-title"
      icon={Tablet}
      texts={TEXTS}
      contentClassName="space-y-6"
    >
      <QueryList query={kiosks} items={kiosks.data} {...listTexts(t, TEXTS)}>
        {(kiosk) => (
          <KioskRow key={kiosk.id} kiosk={kiosk} onRevoke={() => setRevoking(kiosk)} busy={revoke.isPending} />
        )}
      </QueryList>
      <UseAsKioskForm />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        texts={{ title: t('kiosk.revokeConfirmTitle'), confirm: t('kiosk.revoke'), busy: t('kiosk.revoking') }}
        variant="destructive"
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      >
        {revoking ? t('kiosk.revokeConfirmText', { name: revoking.name }) : null}
      </ConfirmDialog>
    </SettingsSectionCard>
  )
}
