import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { fullName, wholeChurch, type IntegrationSendError, type IntegrationSendStatus, type PayPeriod } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { errorMessage } from '../../api/client.ts'
import { isSendingIntegration, sendPreviewQuery, useSendPeriod } from '../../api/integration-sends.ts'
import { useIntegrations } from '../../api/integrations.ts'
import type { SendingIntegration } from '../../api/keys.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatDate, formatPayrollHours } from '../../lib/format.ts'
import { useCodeName } from '../timesheet/SplitSummary.tsx'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { periodTitle } from './period-title.ts'
import {
  PAY_KINDS,
  sendPreviewModel,
  type PreviewMember,
  type PreviewProblem,
  type SendPreviewModel,
} from './send-preview.ts'

type Period = Pick<PayPeriod, 'start' | 'end'>

const linkClass =
  'inline-flex min-h-11 items-center font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:min-h-0'

const settingsPath = (vendor: SendingIntegration, match = false) =>
  match ? `/settings/integrations?match=${vendor}` : '/settings/integrations'

const useVendorName = (vendor: SendingIntegration) => useTranslation('supervisor').t(`integrations.names.${vendor}`)

/**
 * A closed period's sends to payroll and accounting: a panel per vendor that is connected, a link
 * to Settings → Integrations for one set up but not connected, or whose connection was refused.
 * A vendor the operator has not set up is not mentioned. Integrations are the whole church's: a
 * campus admin sees none (the server refuses them the sends).
 */
export function PeriodSends({ period }: { period: Period }) {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  const whole = user !== null && wholeChurch(user)
  const integrations = useIntegrations({ enabled: whole })
  const shown = (integrations.data?.integrations ?? []).flatMap((i) =>
    isSendingIntegration(i.id) && i.configured ? [{ ...i, id: i.id }] : [],
  )
  if (!whole || shown.length === 0) return null
  return (
    <ul className="space-y-4 border-t border-slate-100 pt-4" aria-label={t('payroll.send.listLabel')}>
      {shown.map((integration) => (
        <li key={integration.id}>
          {integration.connected && !integration.reconnectNeeded ? (
            <IntegrationSend vendor={integration.id} period={period} />
          ) : (
            <ConnectNotice vendor={integration.id} reconnect={integration.reconnectNeeded} />
          )}
        </li>
      ))}
    </ul>
  )
}

function ConnectNotice({ vendor, reconnect }: { vendor: SendingIntegration; reconnect: boolean }) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  return (
    <p
      role={reconnect ? 'status' : undefined}
      className={reconnect ? 'text-sm text-amber-900' : 'text-sm text-slate-700'}
      data-testid={`send-notice-${vendor}`}
    >
      {t(reconnect ? 'payroll.send.notice.reconnect' : 'payroll.send.notice.connect', { vendor: name })}{' '}
      <Link to={settingsPath(vendor)} className={linkClass}>
        {t('payroll.send.settingsLink')}
      </Link>
    </p>
  )
}

/**
 * A closed period's send to one vendor (QuickBooks Online or Gusto): Preview shows exactly what
 * Send sends (per member: regular, overtime and double-time hours, each kind of leave, and for
 * QuickBooks the hours per allocation code), what keeps anything back, and the last send with the
 * vendor's own words for whatever it refused.
 */
export function IntegrationSend({ vendor, period }: { vendor: SendingIntegration; period: Period }) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  const [open, setOpen] = useState(false)
  const regionId = `${vendor}-${period.start}`
  return (
    <section aria-labelledby={`${regionId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${regionId}-title`} className="text-sm font-semibold text-slate-900">
          {name}
        </h3>
        <Button variant="outline" wrap aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? t('payroll.send.hidePreview', { vendor: name }) : t('payroll.send.preview', { vendor: name })}
        </Button>
      </div>
      <div id={regionId}>{open ? <PreviewPanel vendor={vendor} period={period} /> : null}</div>
    </section>
  )
}

function PreviewPanel({ vendor, period }: { vendor: SendingIntegration; period: Period }) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  const preview = useQuery(sendPreviewQuery(vendor, period.start))
  const send = useSendPeriod(vendor, period.start)
  if (preview.isPending)
    return <LoadingState label={t('payroll.send.loading', { vendor: name })} rows={2} rowClassName="h-10 w-full" />
  if (preview.isError)
    return (
      <ErrorState
        message={errorMessage(preview.error, t('payroll.send.loadError', { vendor: name }))}
        onRetry={() => void preview.refetch()}
      />
    )
  const model = sendPreviewModel(vendor, preview.data)
  const busy = send.isPending || model.send?.state === 'queued' || model.send?.state === 'sending'
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t(`payroll.send.records.${vendor}`, { count: model.records })}</p>
      <PreviewTable
        vendor={vendor}
        members={model.members}
        caption={t('payroll.send.caption', { vendor: name, period: periodTitle(period) })}
      />
      <Problems vendor={vendor} problems={model.problems} />
      {model.send ? <SendStatus vendor={vendor} model={model} send={model.send} period={period} /> : null}
      <FormAlert message={send.isError ? errorMessage(send.error, t('payroll.send.sendError')) : null} />
      <Button onClick={() => send.mutate()} disabled={busy}>
        <Send aria-hidden />
        {busy
          ? t('payroll.send.sending', { vendor: name })
          : model.send
            ? t('payroll.send.sendAgain', { vendor: name })
            : t('payroll.send.send', { vendor: name })}
      </Button>
    </div>
  )
}

function PreviewTable({
  vendor,
  members,
  caption,
}: {
  vendor: SendingIntegration
  members: readonly PreviewMember[]
  caption: string
}) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  const columns = [
    t('payroll.send.member'),
    t('payroll.figures.regular'),
    t('payroll.figures.overtime'),
    t('payroll.figures.doubleTime'),
    t('payroll.send.vacation'),
    t('payroll.send.sick'),
    t('payroll.send.personal'),
    t('payroll.send.holiday'),
  ] as const
  if (members.length === 0)
    return <p className="text-sm text-slate-500">{t('payroll.send.nobody', { vendor: name })}</p>
  return (
    <div role="region" aria-label={caption} className="text-sm">
      <StackedTable columns={columns}>
        {members.map((m) => (
          <StackedRow key={m.id}>
            <StackedCell label={columns[0]} className="font-medium text-slate-900">
              <span>
                {m.name}
                {!m.matched ? (
                  <Badge variant="destructive" className="ml-2">
                    {t('payroll.send.notMatched')}
                  </Badge>
                ) : null}
                {m.leaveOnly ? (
                  <span className="ml-2 text-xs text-slate-500">{t('payroll.send.leaveOnly')}</span>
                ) : null}
              </span>
              {m.byCode.length ? <CodeHours byCode={m.byCode} /> : null}
            </StackedCell>
            {PAY_KINDS.map((kind, i) => (
              <StackedCell key={kind} label={columns[i + 1]!} className="tabular-nums">
                {formatPayrollHours(m.hours[kind])}
              </StackedCell>
            ))}
          </StackedRow>
        ))}
      </StackedTable>
    </div>
  )
}

/** A member's hours per allocation code (QuickBooks), each code by its name and with its class. */
function CodeHours({ byCode }: { byCode: PreviewMember['byCode'] }) {
  const { t } = useTranslation('supervisor')
  const codeName = useCodeName()
  return (
    <span className="mt-1 block text-xs font-normal text-slate-600">
      <span className="sr-only">{t('payroll.send.byCode')}: </span>
      {byCode
        .map((c) =>
          c.className
            ? t('payroll.send.codeClassHours', {
                code: codeName(c.code),
                className: c.className,
                hours: formatPayrollHours(c.hours),
              })
            : t('payroll.send.codeHours', { code: codeName(c.code), hours: formatPayrollHours(c.hours) }),
        )
        .join(' · ')}
    </span>
  )
}

function Problems({ vendor, problems }: { vendor: SendingIntegration; problems: readonly PreviewProblem[] }) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  if (problems.length === 0) return null
  const text = (p: PreviewProblem) => {
    if (p.code === 'member-unmatched') return t('payroll.send.problem.unmatched', { name: p.name, vendor: name })
    if (p.code === 'policy-unmatched')
      return t('payroll.send.problem.policy', {
        name: p.name,
        vendor: name,
        kind: t(`payroll.send.${p.kind ?? 'vacation'}`),
      })
    return t('payroll.send.problem.figures', { name: p.name, date: formatDate(p.date ?? null) })
  }
  const unmatched = problems.some((p) => p.code !== 'figures-changed')
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">{t('payroll.send.problem.title')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.map((p, i) => (
          <li key={i}>{text(p)}</li>
        ))}
      </ul>
      {unmatched ? (
        <Link to={settingsPath(vendor, true)} className={linkClass}>
          {t('payroll.send.problem.matchLink', { vendor: name })}
        </Link>
      ) : null}
    </div>
  )
}

function SendStatus({
  vendor,
  model,
  send,
  period,
}: {
  vendor: SendingIntegration
  model: SendPreviewModel
  send: IntegrationSendStatus
  period: Period
}) {
  const { t } = useTranslation('supervisor')
  const name = useVendorName(vendor)
  const zone = useOrgTimeZone()
  const when = (iso: string | null) => formatDate(iso, 'dateTime', '-', zone)
  const state =
    send.state === 'sent'
      ? t('payroll.send.state.sent', { vendor: name, when: when(send.sentAt) })
      : t(`payroll.send.state.${send.state}`, { vendor: name })
  return (
    <div
      role="status"
      aria-label={t('payroll.send.lastSend', { vendor: name })}
      className="space-y-2 rounded-md border border-slate-200 p-3 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {state}
        {model.changedSinceSent ? <Badge variant="secondary">{t('payroll.send.changedSinceSent')}</Badge> : null}
      </p>
      {send.state === 'reconnect' ? (
        <p className="text-slate-700">
          {t('payroll.send.reconnect', { vendor: name })}{' '}
          <Link to={settingsPath(vendor)} className={linkClass}>
            {t('payroll.send.settingsLink')}
          </Link>
        </p>
      ) : null}
      {send.retryAt ? (
        <p className="text-slate-700">{t('payroll.send.retryAt', { vendor: name, when: when(send.retryAt) })}</p>
      ) : null}
      {send.state === 'sent' || send.created + send.updated + send.deleted > 0 ? (
        <p className="text-slate-700">
          {t(`payroll.send.result.${vendor}`, {
            created: send.created,
            updated: send.updated,
            deleted: send.deleted,
            unchanged: send.unchanged,
          })}
          {send.payrollSynced ? ` ${t('payroll.send.payrollSynced')}` : ''}
          {send.paidTimeOffSent ? ` ${t('payroll.send.paidTimeOffSent')}` : ''}
        </p>
      ) : null}
      {send.errors.length ? (
        <ul className="space-y-2">
          {send.errors.map((e, i) => (
            <SendError key={i} vendor={vendor} error={e} period={period} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function SendError({
  vendor,
  error,
  period,
}: {
  vendor: SendingIntegration
  error: IntegrationSendError
  period: Period
}) {
  const { t } = useTranslation('supervisor')
  const vendorName = useVendorName(vendor)
  const person = error.person ? fullName(error.person) : null
  const ours = (() => {
    switch (error.code) {
      case 'refused':
        if (!person) return t('payroll.send.error.refusedPeriod', { vendor: vendorName })
        return error.date
          ? t('payroll.send.error.refusedOn', { vendor: vendorName, name: person, date: formatDate(error.date) })
          : t('payroll.send.error.refused', { vendor: vendorName, name: person })
      case 'member-unmatched':
        return t('payroll.send.error.unmatched', { vendor: vendorName, name: person ?? '' })
      case 'pay-period-missing':
        return t('payroll.send.error.payPeriodMissing', {
          vendor: vendorName,
          start: formatDate(period.start),
          end: formatDate(period.end),
        })
      case 'payroll-processed':
        return t('payroll.send.error.payrollProcessed', { vendor: vendorName })
    }
  })()
  return (
    <li className="rounded-md bg-red-50 p-2 text-red-900">
      <p>{ours}</p>
      {error.vendorMessages.map((m, i) => (
        <p key={i} className="break-words">
          {t('payroll.send.vendorSaid', { vendor: vendorName, message: m })}
        </p>
      ))}
    </li>
  )
}
