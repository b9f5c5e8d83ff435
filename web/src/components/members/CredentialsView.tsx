import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { TemporaryCredentials } from '@app/core'
import { CopyButton } from './CopyButton.tsx'

interface CredentialsViewProps {
  credentials: TemporaryCredentials
  /** Who the password is for, named in the reminder to hand it over privately. */
  firstName: string
  /** The values' test ids are `${testIdPrefix}-username` and `${testIdPrefix}-password`. */
  testIdPrefix?: string
}

/**
 * A staff login shown this once (after adding a member or resetting their password): the
 * username and password with copy buttons, and a reminder that the password is not kept.
 */
export function CredentialsView({ credentials, firstName, testIdPrefix = 'new-member' }: CredentialsViewProps) {
  const { t } = useTranslation('supervisor')
  const fields = [
    ['username', credentials.username],
    ['password', credentials.password],
  ] as const
  return (
    <div className="space-y-4">
      <dl className="space-y-3" aria-label={t('members.credentials.label')}>
        {fields.map(([label, value]) => (
          <div key={label} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <dt className="text-sm text-slate-600">{t(`members.credentials.${label}`)}</dt>
              <dd
                className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
                data-testid={`${testIdPrefix}-${label}`}
              >
                {value}
              </dd>
            </div>
            <CopyButton text={value} label={t(`members.credentials.copy.${label}`)} />
          </div>
        ))}
      </dl>
      <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('members.credentials.once', { firstName })}
      </p>
    </div>
  )
}
