import { useState, type FormEvent } from 'react'
import { Webhook } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { WebhookEvent, WebhookInput, type WebhookCreated, type WebhookView } from '@app/core'
import { errorFields, errorMessage } from '../../api/client.ts'
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { FormField, fieldDescription } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

/** The signing secret of a webhook just added: shown this once, with a button to copy it. */
function NewSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const [copied, setCopied] = useState(false)
  const copy = () =>
    void navigator.clipboard?.writeText(created.secret).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="break-all text-sm font-medium text-slate-900">{t('webhooks.createdTitle', { url: created.url })}</p>
      <p className="text-sm text-slate-700">{t('webhooks.shownOnce')}</p>
      <code
        data-testid="new-webhook-secret"
        className="block break-all rounded bg-white p-2 font-mono text-sm text-slate-900"
      >
        {created.secret}
      </code>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={copy}>
          {copied ? t('webhooks.copied') : t('webhooks.copy')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('webhooks.done')}
        </Button>
      </div>
    </div>
  )
}

function AddWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const { t } = useTranslation('supervisor')
  const create = useCreateWebhook()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const busy = create.isPending
  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((e) => (on ? [...e, event] : e.filter((x) => x !== event)))
    setErrors({})
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = WebhookInput.safeParse({ url, events })
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((i) => [String(i.path[0]), t(`webhooks.invalid.${String(i.path[0])}`)]),
        ),
      )
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
      <fieldset className="space-y-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t('webhooks.events')}</legend>
        {WebhookEvent.options.map((name) => (
          <label key={name} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={events.includes(name)}
              onChange={(e) => toggle(name, e.target.checked)}
              disabled={busy}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
            />
            <span>
              <span className="font-mono font-medium text-slate-900">{name}</span>
              <span className="block text-slate-600">{t(`webhooks.event.${name}`)}</span>
            </span>
          </label>
        ))}
        {errors.events ? <FieldMessage id="webhook-events-error">{errors.events}</FieldMessage> : null}
      </fieldset>
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
  if (deliveries.isLoading) return <LoadingState label={t('webhooks.deliveriesLoading')} />
  if (deliveries.error || !deliveries.data)
    return (
      <ErrorState
        message={errorMessage(deliveries.error, t('webhooks.deliveriesError'))}
        onRetry={() => void deliveries.refetch()}
      />
    )
  if (!deliveries.data.length) return <p className="text-sm text-slate-600">{t('webhooks.noDeliveries')}</p>
  const timeOf = new Map(
    deliveries.data.map((d) => [d.id, formatDate(d.lastAttemptAt ?? d.createdAt, 'dateTime', '-', zone)]),
  )
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('webhooks.deliveriesNamed', { url: webhook.url })}>
      {deliveries.data.map((d) => {
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
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={redeliver.isPending}
              aria-label={t('webhooks.redeliverNamed', { event: d.event, time })}
              onClick={() =>
                redeliver.mutate(d.id, {
                  onError: (error) => toastFailure(t('webhooks.redeliverFailed'), error, t('webhooks.redeliverFailed')),
                })
              }
            >
              {t('webhooks.redeliver')}
            </Button>
          </li>
        )
      })}
    </ul>
  )
}

function WebhookItem({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  const remove = useDeleteWebhook()
  const [open, setOpen] = useState(false)
  const panelId = `webhook-deliveries-${webhook.id}`
  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-0.5 text-sm">
          <p className="break-all font-medium text-slate-900">{webhook.url}</p>
          <p className="break-words font-mono text-slate-700">{webhook.events.join(', ')}</p>
          <p className="text-slate-600">
            {t('webhooks.created', { created: formatDate(webhook.createdAt, 'dateTime', '-', zone) })}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          <Button
            type="button"
            size="sm"
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
          </Button>
        </div>
      </div>
      {open ? (
        <div id={panelId} className="rounded-md border border-slate-200 p-3">
          <Deliveries webhook={webhook} />
        </div>
      ) : null}
    </li>
  )
}

/** Settings → Webhooks (supervisors): add, list and delete webhooks, and see and redeliver their deliveries. */
export function WebhooksSection() {
  const { t } = useTranslation('supervisor')
  const webhooks = useWebhooks()
  const [created, setCreated] = useState<WebhookCreated>()
  return (
    <Card id="webhooks" role="region" aria-labelledby="webhooks-title">
      <CardHeader>
        <CardTitle id="webhooks-title" className="flex items-center gap-2">
          <Webhook aria-hidden className="size-5" /> {t('webhooks.title')}
        </CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {created ? <NewSecret created={created} onDone={() => setCreated(undefined)} /> : null}
        {webhooks.data ? (
          webhooks.data.length ? (
            <ul className="divide-y divide-slate-100" aria-label={t('webhooks.listLabel')}>
              {webhooks.data.map((webhook) => (
                <WebhookItem key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('webhooks.none')}</p>
          )
        ) : webhooks.isLoading ? (
          <LoadingState label={t('webhooks.loading')} />
        ) : (
          <ErrorState
            message={errorMessage(webhooks.error, t('webhooks.loadError'))}
            onRetry={() => void webhooks.refetch()}
          />
        )}
        <AddWebhookForm onCreated={setCreated} />
      </CardContent>
    </Card>
  )
}
