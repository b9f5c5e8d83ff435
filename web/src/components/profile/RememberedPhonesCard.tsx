import { Smartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { RememberedDevice } from '@app/core'
import { useForgetDevice, useRememberedDevices } from '../../api/auth.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { LOGOUT_URL } from '../../lib/browser.ts'
import { formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Badge } from '../ui/Badge.tsx'
import { IconCard } from '../ui/IconCard.tsx'
import { ListRow, QueryList } from '../ui/QueryList.tsx'
import { RowButton } from '../ui/Button.tsx'

/**
 * Profile → Phones kept signed in: where the member chose 'Keep me signed in on this
 * phone', with Sign out for each (this phone's own goes through the sign-out, as the header's does).
 */
export function RememberedPhonesCard() {
  const { t } = useTranslation('staff')
  const timeZone = useOrgTimeZone()
  const devices = useRememberedDevices()
  const forget = useForgetDevice()
  const nameOf = (d: RememberedDevice) =>
    t('profile.devices.name', {
      browser: d.browser || t('profile.devices.unknownBrowser'),
      os: d.os || t('profile.devices.unknownOs'),
    })
  const signOut = (device: RememberedDevice) =>
    forget.mutate(device.id, {
      onSuccess: () => {
        if (device.current) return window.location.assign(LOGOUT_URL)
        toast({
          title: t('profile.devices.signedOut'),
          description: t('profile.devices.signedOutText', { name: nameOf(device) }),
        })
      },
      onError: (error) => toastFailure(t('common:error'), error, t('profile.devices.failed')),
    })
  return (
    <IconCard icon={Smartphone} title={t('profile.devices.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('profile.devices.intro')}</p>
      <QueryList
        query={devices}
        items={devices.data?.devices}
        loading={t('profile.devices.loading')}
        empty={t('profile.devices.empty')}
        loadError={t('profile.devices.loadFailed')}
      >
        {(device) => (
          <ListRow
            key={device.id}
            actions={
              <RowButton
                className="min-h-11"
                aria-label={t('profile.devices.signOutOne', { name: nameOf(device) })}
                disabled={forget.isPending}
                busy={forget.isPending && forget.variables === device.id}
                busyLabel={t('profile.devices.signingOut')}
                onClick={() => signOut(device)}
              >
                {t('profile.devices.signOut')}
              </RowButton>
            }
          >
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {nameOf(device)}
              {device.current ? <Badge variant="secondary">{t('profile.devices.thisPhone')}</Badge> : null}
            </p>
            <p className="text-xs text-slate-600">
              {t('profile.devices.since', {
                signedIn: formatDate(device.createdAt, 'medium', '-', timeZone),
                lastUsed: formatDate(device.lastUsedAt, 'medium', '-', timeZone),
              })}
            </p>
          </ListRow>
        )}
      </QueryList>
    </IconCard>
  )
}
