import { useState } from 'react'
import { Plug } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { IntegrationId, wholeChurch, type IntegrationView } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { isSendingIntegration } from '../../api/integration-sends.ts'
import { useConnectIntegration, useDisconnectIntegration, useIntegrations } from '../../api/integrations.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatDate } from '../../lib/format.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { QueryContent } from '../ui/QueryList.tsx'
import { SettingsSectionCard } from './SettingsSectionCard.tsx'
import { VendorMatching } from './VendorMatching.tsx'
import { PlanningCenterPanel } from './PlanningCenterPanel.tsx'

/** The catalogue group of this section's texts. */
const TEXTS = 'integrations'

const OUTCOMES = ['connected', 'denied', 'expired', 'refused'] as const
type Outcome = (typeof OUTCOMES)[number]

/** What the vendor's consent ended with, from the address the callback returned to. */
const outcomeOf = (params: URLSearchParams): { id: IntegrationId; outcome: Outcome } | undefined => {
  const id = IntegrationId.safeParse(params.get('integration'))
  if (!id.success) return undefined
  const outcome = params.get('connected') ? 'connected' : params.get('error')
  return OUTCOMES.includes(outcome as Outcome) ? { id: id.data, outcome: outcome as Outcome } : undefined
}

function StatusBadge({ integration }: { integration: IntegrationView }) {
  const { t } = useTranslation('supervisor')
  const [key, tone] = !integration.configured
    ? (['notConfigured', 'bg-slate-100 text-slate-700'] as const)
    : integration.reconnectNeeded
      ? (['reconnect', 'bg-amber-100 text-amber-900'] as const)
      : integration.connected
        ? (['connected', 'bg-green-100 text-green-900'] as const)
        : (['notConnected', 'bg-slate-100 text-slate-700'] as const)
  return (
    <span
      data-testid={`integration-status-${integration.id}`}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}
    >
      {t(`integrations.status.${key}`)}
    </span>
  )
}

/**
 * An integration this site's operator has not set up: the church's staff are told who can set it
 * up, and the settings missing (environment names, docs/integrations.md § Operations) are kept
 * folded away for whoever deploys the site.
 */
function NotConfigured({ integration, name }: { integration: IntegrationView; name: string }) {
  const { t } = useTranslation('supervisor')
  // Planning Center still connects with a personal access token, offered under its card.
  const text = integration.id === 'planning-center' ? 'integrations.notConfiguredToken' : 'integrations.notConfigured'
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>{t(text, { name })}</p>
      {integration.missingSettings.length ? (
        <details className="text-slate-600">
          <summary className="min-h-11 cursor-pointer py-2 sm:min-h-0 sm:py-0">{t('integrations.forOperator')}</summary>
          <p className="break-words">
            {t('integrations.missingSettings', { settings: integration.missingSettings.join(', ') })}
          </p>
        </details>
      ) : null}
    </div>
  )
}

function IntegrationItem({ integration, matchOpen }: { integration: IntegrationView; matchOpen: boolean }) {
  const { t } = useTranslation('supervisor')
  const [matching, setMatching] = useState(matchOpen)
  const zone = useOrgTimeZone()
  const connect = useConnectIntegration()
  const disconnect = useDisconnectIntegration()
  const name = t(`integrations.names.${integration.id}`)
  const titleId = `integration-${integration.id}-title`
  const startConnect = () =>
    connect.mutate(integration.id, {
      onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
      onError: (error) => toastFailure(t('integrations.connectFailed'), error, t('integrations.connectFailed')),
    })
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span id={titleId} className="font-semibold text-slate-900">
              {name}
            </span>
            <StatusBadge integration={integration} />
          </p>
          <p className="text-slate-700">{t(`integrations.about.${integration.id}`)}</p>
          {integration.connected && integration.connectedAt ? (
            <p className="text-slate-600">
              {t('integrations.connectedSince', { time: formatDate(integration.connectedAt, 'dateTime', '-', zone) })}
              {integration.account ? ` · ${t('integrations.account', { account: integration.account })}` : null}
            </p>
          ) : null}
          {isSendingIntegration(integration.id) ? (
            <p className="text-slate-600" data-testid={`integration-last-sent-${integration.id}`}>
              {integration.lastSentAt
                ? t('integrations.lastSent', { time: formatDate(integration.lastSentAt, 'dateTime', '-', zone) })
                : t('integrations.neverSent')}
            </p>
          ) : integration.connected ? null : (
            // Planning Center sends nothing: it syncs members, and once connected its panel tells the last sync.
            <p className="text-slate-600">{t('integrations.planningCenter.neverSynced')}</p>
          )}
        </div>
        {integration.configured ? (
          <div className="flex flex-wrap gap-2">
            {!integration.connected || integration.reconnectNeeded ? (
              <Button
                type="button"
                size="sm"
                disabled={connect.isPending}
                aria-label={t(
                  integration.reconnectNeeded ? 'integrations.reconnectNamed' : 'integrations.connectNamed',
                  {
                    name,
                  },
                )}
                onClick={startConnect}
              >
                {t(integration.reconnectNeeded ? 'integrations.reconnect' : 'integrations.connect')}
              </Button>
            ) : null}
            {integration.connected ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={disconnect.isPending}
                aria-label={t('integrations.disconnectNamed', { name })}
                onClick={() => {
                  if (!window.confirm(t('integrations.disconnectConfirm', { name }))) return
                  disconnect.mutate(integration.id, {
                    onError: (error) =>
                      toastFailure(t('integrations.disconnectFailed'), error, t('integrations.disconnectFailed')),
                  })
                }}
              >
                {t('integrations.disconnect')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!integration.configured ? (
        <NotConfigured integration={integration} name={name} />
      ) : integration.reconnectNeeded ? (
        <p role="status" className="text-sm text-amber-900">
          {t('integrations.reconnectText', { name })}
        </p>
      ) : null}
      {integration.connected && !integration.reconnectNeeded && isSendingIntegration(integration.id) ? (
        <div className="space-y-3">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={matching}
            aria-controls={`matching-${integration.id}-panel`}
            onClick={() => setMatching(!matching)}
          >
            {t(matching ? 'integrations.matching.hide' : 'integrations.matching.open', { name })}
          </Button>
          <div id={`matching-${integration.id}-panel`}>
            {matching ? <VendorMatching vendor={integration.id} /> : null}
          </div>
        </div>
      ) : null}
      {integration.id === 'planning-center' ? <PlanningCenterPanel integration={integration} /> : null}
    </li>
  )
}

/** Settings → Integrations (supervisors): connect and disconnect each payroll, accounting or directory system. */
export function IntegrationsSection() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  // The connections are the whole church's: a campus admin is told so, and nothing is read.
  const whole = user === null || wholeChurch(user)
  const integrations = useIntegrations({ enabled: whole })
  const [params] = useSearchParams()
  const outcome = outcomeOf(params)
  return (
    <SettingsSectionCard
      id="integrations"
      titleId="integrations-title"
      icon={Plug}
      texts={TEXTS}
      contentClassName="space-y-4"
    >
      {outcome ? (
        <p
          role={outcome.outcome === 'connected' ? 'status' : 'alert'}
          className={
            outcome.outcome === 'connected'
              ? 'rounded-md bg-green-50 p-3 text-sm text-green-900'
              : 'rounded-md bg-red-50 p-3 text-sm text-red-900'
          }
        >
          {t(`integrations.outcome.${outcome.outcome}`, { name: t(`integrations.names.${outcome.id}`) })}
        </p>
      ) : null}
      {whole ? null : <p className="text-sm text-slate-600">{t('integrations.wholeChurchOnly')}</p>}
      {whole ? (
        <QueryContent query={integrations} loading={t('integrations.loading')} loadError={t('integrations.loadError')}>
          {(data) => (
            <ul className="divide-y divide-slate-100" aria-label={t('integrations.listLabel')}>
              {data.integrations.map((integration) => (
                <IntegrationItem
                  key={integration.id}
                  integration={integration}
                  matchOpen={params.get('match') === integration.id}
                />
              ))}
            </ul>
          )}
        </QueryContent>
      ) : null}
    </SettingsSectionCard>
  )
}
