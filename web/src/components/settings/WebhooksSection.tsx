import { useState, type FormEvent } from 'react'
import { Webhook } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { WebhookEvent, WebhookInput, type WebhookCreated, type WebhookView } from '@app/core'
import { errorFields } from '../../api/client.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useWebhookDeliveries,
  useWebhooks,
} from '../../api/webhooks.ts'
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
const TEXTS = 'webhooks'

function AddWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const { t } = useTranslation('supervisor')
  const create = useCreateWebhook()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = create.isPending
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = WebhookInput.safeParse({ url, events })
    if (!checked.success) {
      setErrors(issueMessages(checked.error.issues, (field) => t(`webhooks.invalid.${field}`)))
      return
    }
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setUrl('')
        setEvents([])
        onCreated(created)
      },
      onError: (error) => {
        setErrors(errorFields(error))
        toastFailure(t('webhooks.addFailed'), error, t('webhooks.addFailed'))
      },
    })
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('webhooks.add')}>
      <FormField id="webhook-url" label={t('webhooks.url')} hint={t('webhooks.urlHint')} message={errors.url}>
        <input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          maxLength={2000}
          onChange={(e) => {
            setUrl(e.target.value)
            setErrors({})
          }}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={fieldDescription('webhook-url', { hint: true, message: errors.url })}
          disabled={busy}
          className={inputClasses}
        />
      </FormField>
      <CheckboxChoices
        legend={t('webhooks.events')}
        options={WebhookEvent.options}
        chosen={events}
        onChange={(next) => {
          setEvents(next)
          setErrors({})
        }}
        describe={(name) => t(`webhooks.event.${name}`)}
        disabled={busy}
        message={errors.events}
        messageId="webhook-events-error"
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t('webhooks.adding') : t('webhooks.add')}
        </Button>
      </div>
    </form>
  )
}

/** A webhook's last deliveries, newest first, each with a Redeliver button. */
function Deliveries({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  const deliveries = useWebhookDeliveries(webhook.id, true)
  const redeliver = useRedeliver(webhook.id)
  const timeOf = new Map(
    (deliveries.data ?? []).map((d) => [d.id, formatDate(d.lastAttemptAt ?? d.createdAt, 'dateTime', '-', zone)]),
  )
  return (
    <QueryList
      query={deliveries}
      items={deliveries.data}
      label={t('webhooks.deliveriesNamed', { url: webhook.url })}
      loading={t('webhooks.deliveriesLoading')}
      empty={t('webhooks.noDeliveries')}
      loadError={t('webhooks.deliveriesError')}
    >
      {(d) => {
        const time = timeOf.get(d.id)
        return (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p>
                <span className="font-mono text-slate-900">{d.event}</span>{' '}
                <span
                  className={
                    d.status === 'delivered'
                      ? 'font-medium text-green-800'
                      : d.status === 'failed'
                        ? 'font-medium text-red-800'
                        : 'font-medium text-amber-800'
                  }
                >
                  {t(`webhooks.status.${d.status}`)}
                </span>
              </p>
              <p className="text-slate-600">
                {t('webhooks.deliveryLine', {
                  time,
                  count: d.attempts,
                  attempts: d.attempts,
                  code: d.statusCode ?? t('webhooks.noCode'),
                })}
              </p>
            </div>
            <RowButton
              disabled={redeliver.isPending}
              aria-label={t('webhooks.redeliverNamed', { event: d.event, time })}
              onClick={() =>
                redeliver.mutate(d.id, {
                  onError: (error) => toastFailure(t('webhooks.redeliverFailed'), error, t('webhooks.redeliverFailed')),
                })
              }
            >
              {t('webhooks.redeliver')}
            </RowButton>
          </li>
        )
      }}
    </QueryList>
  )
}

function WebhookItem({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  const remove = useDeleteWebhook()
  const [open, setOpen] = useState(false)
  const panelId = `webhook-deliveries-${webhook.id}`
  return (
    <ListRow
      actions={
        <div className="flex gap-2">
          <RowButton aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </RowButton>
          <RowButton
            variant="destructive"
            disabled={remove.isPending}
            aria-label={t('webhooks.deleteNamed', { url: webhook.url })}
            onClick={() => {
              if (!window.confirm(t('webhooks.deleteConfirm', { url: webhook.url }))) return
              remove.mutate(webhook.id, {
                onError: (error) => toastFailure(t('webhooks.deleteFailed'), error, t('webhooks.deleteFailed')),
              })
            }}
          >
            {t('webhooks.delete')}
          </RowButton>
        </div>
      }
      below={
        open ? (
          <div id={panelId} className="rounded-md border border-slate-200 p-3">
            <Deliveries webhook={webhook} />
          </div>
        ) : null
      }
    >
      <p className="break-all font-medium text-slate-900">{webhook.url}</p>
      <p className="break-words font-mono text-slate-700">{webhook.events.join(', ')}</p>
      <p className="text-slate-600">
        {t('webhooks.created', { created: formatDate(webhook.createdAt, 'dateTime', '-', zone) })}
      </p>
    </ListRow>
  )
}

/** Settings → Webhooks (supervisors): add, list and delete webhooks, and see and redeliver their deliveries. */
export function WebhooksSection() {
  const { t } = useTranslation('supervisor')
  const webhooks = useWebhooks()
  const [created, setCreated] = useState<WebhookCreated>()
  return (
    <SettingsSectionCard
      id="webhooks"
      titleId="webhooks-title"
      icon={Webhook}
      title={t('webhooks.title')}
      description={t('webhooks.description')}
      contentClassName="space-y-6"
    >
      {created ? (
        <OneTimeSecret
          title={t('webhooks.createdTitle', { url: created.url })}
          secret={created.secret}
          testId="new-webhook-secret"
          texts={TEXTS}
          onDone={() => setCreated(undefined)}
        />
      ) : null}
      <QueryList
        query={webhooks}
        items={webhooks.data}
        label={t('webhooks.listLabel')}
        loading={t('webhooks.loading')}
        empty={t('webhooks.none')}
        loadError={t('webhooks.loadError')}
      >
        {(webhook) => <WebhookItem key={webhook.id} webhook={webhook} />}
      </QueryList>
      <AddWebhookForm onCreated={setCreated} />
    </SettingsSectionCard>
  )
}
