import { useState, type FormEvent } from 'react'
import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  ApiScope,
  ApiTokenInput,
  isTokenExpired,
  todayIn,
  zonedInstant,
  type ApiTokenCreated,
  type ApiTokenView,
} from '@app/core'
import { errorFields } from '../../api/client.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/tokens.ts'
import { formatDate } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FormField, fieldDescription } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { ListRow, QueryList, RowButton } from '../ui/QueryList.tsx'
import { CheckboxChoices, issueMessages } from './CheckboxChoices.tsx'
import { OneTimeSecret } from './OneTimeSecret.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'

/** The catalogue group of this section's texts (the new secret's among them). */
const TEXTS = 'apiTokens'

function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useTranslation('supervisor')
  const create = useCreateApiToken()
  const zone = useOrgTimeZone()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>([])
  /** The last day the token works (it stops at the end of that day in the organization's zone); empty: never. */
  const [expiresOn, setExpiresOn] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = create.isPending
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const expiresAt = expiresOn ? zonedInstant(expiresOn, '23:59', zone).toISOString() : undefined
    const checked = ApiTokenInput.safeParse({ name, scopes, expiresAt })
    if (!checked.success) {
      setErrors(issueMessages(checked.error.issues, (field) => t(`apiTokens.invalid.${field}`)))
      return
    }
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setName('')
        setScopes([])
        setExpiresOn('')
        onCreated(created)
      },
      onError: (error) => {
        setErrors(errorFields(error))
        toastFailure(t('apiTokens.createFailed'), error, t('apiTokens.createFailed'))
      },
    })
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('apiTokens.create')}>
      <FormField id="api-token-name" label={t('apiTokens.name')} hint={t('apiTokens.nameHint')} message={errors.name}>
        <input
          id="api-token-name"
          value={name}
          maxLength={60}
          onChange={(e) => {
            setName(e.target.value)
            setErrors({})
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldDescription('api-token-name', { hint: true, message: errors.name })}
          disabled={busy}
          className={inputClasses}
        />
      </FormField>
      <FormField
        id="api-token-expiry"
        label={t('apiTokens.expiry')}
        hint={t('apiTokens.expiryHint')}
        message={errors.expiresAt}
      >
        <input
          id="api-token-expiry"
          type="date"
          value={expiresOn}
          min={todayIn(zone)}
          onChange={(e) => {
            setExpiresOn(e.target.value)
            setErrors({})
          }}
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={fieldDescription('api-token-expiry', { hint: true, message: errors.expiresAt })}
          disabled={busy}
          className={inputClasses}
        />
      </FormField>
      <CheckboxChoices
        legend={t('apiTokens.scopes')}
        options={ApiScope.options}
        chosen={scopes}
        onChange={(next) => {
          setScopes(next)
          setErrors({})
        }}
        // A scope's ':' is not a namespace: without this i18next showed only 'read'.
        describe={(scope) => t(`apiTokens.scope.${scope}`, { nsSeparator: false })}
        disabled={busy}
        message={errors.scopes}
        messageId="api-token-scopes-error"
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t('apiTokens.creating') : t('apiTokens.create')}
        </Button>
      </div>
    </form>
  )
}

/** One token: its name, scopes, expiry and dates, and Revoke (asked first). */
function TokenRow({ token }: { token: ApiTokenView }) {
  const { t } = useTranslation('supervisor')
  const revoke = useRevokeApiToken()
  const zone = useOrgTimeZone()
  return (
    <ListRow
      actions={
        <RowButton
          variant="destructive"
          disabled={revoke.isPending}
          aria-label={t('apiTokens.revokeNamed', { name: token.name })}
          onClick={() => {
            if (!window.confirm(t('apiTokens.revokeConfirm', { name: token.name }))) return
            revoke.mutate(token.id, {
              onError: (error) => toastFailure(t('apiTokens.revokeFailed'), error, t('apiTokens.revokeFailed')),
            })
          }}
        >
          {t('apiTokens.revoke')}
        </RowButton>
      }
    >
      <p className="font-medium text-slate-900">{token.name}</p>
      <p className="font-mono text-slate-700">{token.scopes.join(', ')}</p>
      <p className="text-slate-600">
        {isTokenExpired(token.expiresAt) ? (
          <span className="font-medium text-red-700">{t('apiTokens.expired')} · </span>
        ) : null}
        {t(token.expiresAt ? 'apiTokens.expiresOn' : 'apiTokens.noExpiry', {
          at: formatDate(token.expiresAt, 'dateTime', '-', zone),
        })}
      </p>
      <p className="text-slate-600">
        {t('apiTokens.dates', {
          created: formatDate(token.createdAt, 'dateTime', '-', zone),
          used: token.lastUsedAt ? formatDate(token.lastUsedAt, 'dateTime', '-', zone) : t('apiTokens.never'),
        })}
      </p>
    </ListRow>
  )
}

/** Settings → API (supervisors): make, list and revoke the organization’s API tokens, with their expiry. */
export function ApiTokensSection() {
  const { t } = useTranslation('supervisor')
  const tokens = useApiTokens()
  const [created, setCreated] = useState<ApiTokenCreated>()
  return (
    <SettingsSectionCard
      id="api"
      titleId="api-tokens-title"
      icon={KeyRound}
      title={t('apiTokens.title')}
      description={
        <>
          {t('apiTokens.description')}{' '}
          <a href="/developers" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            {t('apiTokens.reference')}
          </a>
        </>
      }
      contentClassName="space-y-6"
    >
      {created ? (
        <OneTimeSecret
          title={t('apiTokens.createdTitle', { name: created.name })}
          secret={created.token}
          testId="new-api-token"
          texts={TEXTS}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <QueryList
        query={tokens}
        items={tokens.data}
        label={t('apiTokens.listLabel')}
        loading={t('apiTokens.loading')}
        empty={t('apiTokens.none')}
        loadError={t('apiTokens.loadError')}
      >
        {(token) => <TokenRow key={token.id} token={token} />}
      </QueryList>
      <CreateTokenForm onCreated={setCreated} />
    </SettingsSectionCard>
  )
}
