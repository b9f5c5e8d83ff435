import { BellRing } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ReminderKind, Role } from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { useMyNotifications, useUpdateMyNotifications } from '../../api/notifications.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { IconCard } from '../ui/IconCard.tsx'

/** The kinds a member can get: the digest goes to supervisors only. */
const kindsFor = (role: Role): ReminderKind[] =>
  role === 'supervisor' ? ['reminder', 'digest', 'timer'] : ['reminder', 'timer']

/** The profile's email switches: a member turns back on what an unsubscribe link turned off. */
export function MyNotificationsCard({ role }: { role: Role }) {
  const { t } = useTranslation('staff')
  const mine = useMyNotifications()
  const update = useUpdateMyNotifications()
  return (
    <IconCard icon={BellRing} title={t('notifications.title')}>
      {mine.data ? (
        <ul className="space-y-3">
          {kindsFor(role).map((kind) => (
            <li key={kind} className="flex items-center gap-3">
              <input
                id={`email-${kind}`}
                type="checkbox"
                checked={!mine.data.optedOut.includes(kind)}
                disabled={update.isPending}
                onChange={(e) =>
                  update.mutate(
                    { kind, subscribed: e.target.checked },
                    { onError: (error) => toastFailure(t('common:error'), error, t('notifications.failed')) },
                  )
                }
                className="size-5 shrink-0 accent-indigo-600"
              />
              <label htmlFor={`email-${kind}`} className="text-sm text-slate-900">
                {t(`notifications.kind.${kind}`)}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          {mine.isLoading ? t('notifications.loading') : errorMessage(mine.error, t('notifications.loadFailed'))}
        </p>
      )}
    </IconCard>
  )
}
