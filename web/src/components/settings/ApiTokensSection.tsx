import { useState, type FormEvent } from 'react'
import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiScope, ApiTokenInput, isTokenExpired, todayIn, zonedInstant, type ApiTokenCreated } from '@app/core'
import { errorFields, errorMessage } from '../../api/client.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/tokens.ts'
import { formatDate } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { FormField, fieldDescription } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

/** The secret of a token just made: shown this once, with a button to copy it. */
function NewToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const [copied, setCopied] = useState(false)
  const copy = () =>
    void navigator.clipboard?.writeText(created.token).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-slate-900">{t('apiTokens.createdTitle', { name: created.name })}</p>
      <p className="text-sm text-slate-700">{t('apiTokens.shownOnce')}</p>
      <code
        data-testid="new-api-token"
        className="block break-all rounded bg-white p-2 font-mono text-sm text-slate-900"
      >
        {created.token}
      </code>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={copy}>
          {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('apiTokens.done')}
        </Button>
      </div>
    </div>
  )
}

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
  const toggle = (scope: ApiScope, on: boolean) => {
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)))
    setErrors({})
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const expiresAt = expiresOn ? zonedInstant(expiresOn, '23:59', zone).toISOString() : undefined
    const checked = ApiTokenInput.safeParse({ name, scopes, expiresAt })
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((i) => [String(i.path[0]), t(`apiTokens.invalid.${String(i.path[0])}`)]),
        ),
      )
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
      <fieldset className="space-y-2" aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t('apiTokens.scopes')}</legend>
        {ApiScope.options.map((scope) => (
          <label key={scope} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              disabled={busy}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
            />
            <span>
              <span className="font-mono font-medium text-slate-900">{scope}</span>
              {/* A scope's ':' is not a namespace: without this i18next showed only 'read'. */}
              <span className="block text-slate-600">{t(`apiTokens.scope.${scope}`, { nsSeparator: false })}</span>
            </span>
          </label>
        ))}
        {errors.scopes ? <FieldMessage id="api-token-scopes-error">{errors.scopes}</FieldMessage> : null}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t('apiTokens.creating') : t('apiTokens.create')}
        </Button>
      </div>
    </form>
  )
}

/** Settings → API (supervisors): make, list and revoke the organization’s API tokens, with their expiry. */
export function ApiTokensSection() {
  const { t } = useTranslation('supervisor')
  const tokens = useApiTokens()
  const revoke = useRevokeApiToken()
  const zone = useOrgTimeZone()
  const [created, setCreated] = useState<ApiTokenCreated>()
  return (
    <Card id="api" role="region" aria-labelledby="api-tokens-title">
      <CardHeader>
        <CardTitle id="api-tokens-title" className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5" /> {t('apiTokens.title')}
        </CardTitle>
        <CardDescription>
          {t('apiTokens.description')}{' '}
          <a href="/developers" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            {t('apiTokens.reference')}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created ? <NewToken created={created} onDone={() => setCreated(undefined)} /> : null}
        {tokens.data ? (
          tokens.data.length ? (
            <ul className="divide-y divide-slate-100" aria-label={t('apiTokens.listLabel')}>
              {tokens.data.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 space-y-0.5 text-sm">
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
                        used: token.lastUsedAt
                          ? formatDate(token.lastUsedAt, 'dateTime', '-', zone)
                          : t('apiTokens.never'),
                      })}
                    </p>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    disabled={revoke.isPending}
                    aria-label={t('apiTokens.revokeNamed', { name: token.name })}
                    onClick={() => {
                      if (!window.confirm(t('apiTokens.revokeConfirm', { name: token.name }))) return
                      revoke.mutate(token.id, {
                        onError: (error) =>
                          toastFailure(t('apiTokens.revokeFailed'), error, t('apiTokens.revokeFailed')),
                      })
                    }}
                  >
                    {t('apiTokens.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('apiTokens.none')}</p>
          )
        ) : tokens.isLoading ? (
          <LoadingState label={t('apiTokens.loading')} />
        ) : (
          <p className="text-sm text-slate-600">{errorMessage(tokens.error, t('apiTokens.loadError'))}</p>
        )}
        <CreateTokenForm onCreated={setCreated} />
      </CardContent>
    </Card>
  )
}
