import { useState, type FormEvent } from 'react'
import { Webhook } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { WebhookEvent, WebhookInput, type WebhookCreated, type WebhookView } from '@app/core'
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
import { ListRow, QueryList } from '../ui/QueryList.tsx'
import { RowButton } from '../ui/Button.tsx'
import { TextField } from '../ui/TextField.tsx'
import { CheckboxChoices } from './CheckboxChoices.tsx'
import { ConfirmedRemoveButton } from './ConfirmedRemoveButton.tsx'
import { CreateForm, SecretListSection } from './SecretListSection.tsx'
import { useCheckedCreate } from './use-checked-create.ts'

/** The catalogue group of this section's texts. */
const TEXTS = 'webhooks'

function AddWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const { t } = useTranslation('supervisor')
  const { errors, submit, edit, busy } = useCheckedCreate(WebhookInput, useCreateWebhook(), 'webhooks', 'addFailed')
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submit({ url, events }, (created) => {
      setUrl('')
      setEvents([])
      onCreated(created)
    })
  }
  return (
    <CreateForm label={t('webhooks.add')} busyLabel={t('webhooks.adding')} busy={busy} onSubmit={onSubmit}>
      <TextField
        id="webhook-url"
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        message={errors.url}
        type="url"
        inputMode="url"
        autoComplete="off"
        value={url}
        maxLength={2000}
        onChange={(e) => edit(setUrl)(e.target.value)}
        disabled={busy}
      />
      <CheckboxChoices
        legend={t('webhooks.events')}
        options={WebhookEvent.options}
        chosen={events}
        onChange={edit(setEvents)}
        describe={(name) => t(`webhooks.event.${name}`)}
        disabled={busy}
        message={errors.events}
        messageId="webhook-events-error"
      />
    </CreateForm>
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
          <ConfirmedRemoveButton
            write={remove}
            id={webhook.id}
            texts={{
              label: t('webhooks.delete'),
              named: t('webhooks.deleteNamed', { url: webhook.url }),
              confirm: t('webhooks.deleteConfirm', { url: webhook.url }),
              failed: t('webhooks.deleteFailed'),
            }}
          />
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
  return (
    <SecretListSection
      id="webhooks"
      titleId="webhooks-title"
      icon={Webhook}
      texts={TEXTS}
      query={useWebhooks()}
      secretTestId="new-webhook-secret"
      secretOf={(created: WebhookCreated) => ({
        title: t('webhooks.createdTitle', { url: created.url }),
        secret: created.secret,
      })}
      row={(webhook) => <WebhookItem key={webhook.id} webhook={webhook} />}
      form={(onCreated) => <AddWebhookForm onCreated={onCreated} />}
    />
  )
}
