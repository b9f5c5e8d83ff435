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
import { useOrgTimeZone } from '../../api/organization.ts'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/tokens.ts'
import { formatDate, formatUsage } from '../../lib/format.ts'
import { ListRow } from '../ui/QueryList.tsx'
import { TextField } from '../ui/TextField.tsx'
import { CheckboxChoices } from './CheckboxChoices.tsx'
import { ConfirmedRemoveButton } from './ConfirmedRemoveButton.tsx'
import { CreateForm, SecretListSection } from './SecretListSection.tsx'
import { useCheckedCreate } from './use-checked-create.ts'

/** The catalogue group of this section's texts. */
const TEXTS = 'apiTokens'

function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  const { errors, submit, edit, busy } = useCheckedCreate(
    ApiTokenInput,
    useCreateApiToken(),
    'apiTokens',
    'createFailed',
  )
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>([])
  /** The last day the token works (it stops at the end of that day in the organization's zone); empty: never. */
  const [expiresOn, setExpiresOn] = useState('')
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const expiresAt = expiresOn ? zonedInstant(expiresOn, '23:59', zone).toISOString() : undefined
    submit({ name, scopes, expiresAt }, (created) => {
      setName('')
      setScopes([])
      setExpiresOn('')
      onCreated(created)
    })
  }
  return (
    <CreateForm label={t('apiTokens.create')} busyLabel={t('apiTokens.creating')} busy={busy} onSubmit={onSubmit}>
      <TextField
        id="api-token-name"
        label={t('apiTokens.name')}
        hint={t('apiTokens.nameHint')}
        message={errors.name}
        value={name}
        maxLength={60}
        onChange={(e) => edit(setName)(e.target.value)}
        disabled={busy}
      />
      <TextField
        id="api-token-expiry"
        label={t('apiTokens.expiry')}
        hint={t('apiTokens.expiryHint')}
        message={errors.expiresAt}
        type="date"
        value={expiresOn}
        min={todayIn(zone)}
        onChange={(e) => edit(setExpiresOn)(e.target.value)}
        disabled={busy}
      />
      <CheckboxChoices
        legend={t('apiTokens.scopes')}
        options={ApiScope.options}
        chosen={scopes}
        onChange={edit(setScopes)}
        // A scope's ':' is not a namespace: without this i18next showed only 'read'.
        describe={(scope) => t(`apiTokens.scope.${scope}`, { nsSeparator: false })}
        disabled={busy}
        message={errors.scopes}
        messageId="api-token-scopes-error"
      />
    </CreateForm>
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
        <ConfirmedRemoveButton
          write={revoke}
          id={token.id}
          texts={{
            label: t('apiTokens.revoke'),
            named: t('apiTokens.revokeNamed', { name: token.name }),
            confirm: t('apiTokens.revokeConfirm', { name: token.name }),
            failed: t('apiTokens.revokeFailed'),
          }}
        />
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
      <p className="text-slate-600">{t('apiTokens.dates', formatUsage(token, t('apiTokens.never'), zone))}</p>
    </ListRow>
  )
}

/** Settings → API (supervisors): make, list and revoke the organization’s API tokens, with their expiry. */
export function ApiTokensSection() {
  const { t } = useTranslation('supervisor')
  return (
    <SecretListSection
      id="api"
      titleId="api-tokens-title"
      icon={KeyRound}
      description={
        <>
          {t('apiTokens.description')}{' '}
          <a href="/developers" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            {t('apiTokens.reference')}
          </a>
        </>
      }
      texts={TEXTS}
      query={useApiTokens()}
      secretTestId="new-api-token"
      secretOf={(created: ApiTokenCreated) => ({
        title: t('apiTokens.createdTitle', { name: created.name }),
        secret: created.token,
      })}
      row={(token) => <TokenRow key={token.id} token={token} />}
      form={(onCreated) => <CreateTokenForm onCreated={onCreated} />}
    />
  )
}
