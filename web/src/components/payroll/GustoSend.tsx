import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  fullName,
  type GustoPreview,
  type GustoPreviewProblem,
  type GustoSendErrorView,
  type GustoSendStatus,
  type PayPeriod,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { gustoPreviewQuery, useSendToGusto } from '../../api/gusto.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { formatDate, formatPayrollHours } from '../../lib/format.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { periodTitle } from './period-title.ts'

/**
 * A closed period's send to Gusto: Preview shows exactly what Send sends (per member: regular,
 * overtime and double-time hours as time sheets, each kind of leave as paid time off), what keeps
 * anything back, and the last send with Gusto's own words for whatever it refused.
 */
export function GustoSend({ period }: { period: Pick<PayPeriod, 'start' | 'end'> }) {
  const { t } = useTranslation('supervisor')
  const [open, setOpen] = useState(false)
  const regionId = `gusto-${period.start}`
  return (
    <section aria-labelledby={`${regionId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${regionId}-title`} className="text-sm font-semibold text-slate-900">
          {t('payroll.gusto.title')}
        </h3>
        <Button variant="outline" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? t('payroll.gusto.hidePreview') : t('payroll.gusto.preview')}
        </Button>
      </div>
      <div id={regionId}>{open ? <GustoPreviewPanel period={period} /> : null}</div>
    </section>
  )
}

function GustoPreviewPanel({ period }: { period: Pick<PayPeriod, 'start' | 'end'> }) {
  const { t } = useTranslation('supervisor')
  const preview = useQuery(gustoPreviewQuery(period.start))
  const send = useSendToGusto(period.start)
  if (preview.isPending) return <LoadingState label={t('payroll.gusto.loading')} rows={2} rowClassName="h-10 w-full" />
  if (preview.isError)
    return (
      <ErrorState
        message={errorMessage(preview.error, t('payroll.gusto.loadError'))}
        onRetry={() => void preview.refetch()}
      />
    )
  const data = preview.data
  const busy = send.isPending || data.send?.state === 'queued' || data.send?.state === 'sending'
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t('payroll.gusto.timeSheets', { count: data.timeSheetCount })}</p>
      <PreviewTable preview={data} caption={t('payroll.gusto.caption', { period: periodTitle(period) })} />
      <Problems problems={data.problems} />
      {data.send ? <SendStatus send={data.send} period={period} /> : null}
      <FormAlert message={send.isError ? errorMessage(send.error, t('payroll.gusto.sendError')) : null} />
      <Button onClick={() => send.mutate()} disabled={busy}>
        <Send aria-hidden />
        {busy ? t('payroll.gusto.sending') : data.send ? t('payroll.gusto.sendAgain') : t('payroll.gusto.send')}
      </Button>
    </div>
  )
}

function PreviewTable({ preview, caption }: { preview: GustoPreview; caption: string }) {
  const { t } = useTranslation('supervisor')
  const columns = [
    t('payroll.gusto.member'),
    t('payroll.figures.regular'),
    t('payroll.figures.overtime'),
    t('payroll.figures.doubleTime'),
    t('payroll.gusto.vacation'),
    t('payroll.gusto.sick'),
    t('payroll.gusto.personal'),
    t('payroll.gusto.holiday'),
  ] as const
  if (preview.members.length === 0) return <p className="text-sm text-slate-500">{t('payroll.gusto.nobody')}</p>
  return (
    <div role="region" aria-label={caption} className="text-sm">
      <StackedTable columns={columns}>
        {preview.members.map((m) => (
          <StackedRow key={m.employeeId}>
            <StackedCell label={columns[0]} className="font-medium text-slate-900">
              <span>
                {fullName(m)}
                {!m.matched ? (
                  <Badge variant="destructive" className="ml-2">
                    {t('payroll.gusto.notMatched')}
                  </Badge>
                ) : null}
                {!m.timeSheets ? (
                  <span className="ml-2 text-xs text-slate-500">{t('payroll.gusto.leaveOnly')}</span>
                ) : null}
              </span>
            </StackedCell>
            {[
              m.regularHours,
              m.overtimeHours,
              m.doubleTimeHours,
              m.vacationHours,
              m.sickHours,
              m.personalHours,
              m.holidayHours,
            ].map((hours, i) => (
              <StackedCell key={columns[i + 1]} label={columns[i + 1]!} className="tabular-nums">
                {formatPayrollHours(hours)}
              </StackedCell>
            ))}
          </StackedRow>
        ))}
      </StackedTable>
    </div>
  )
}

function Problems({ problems }: { problems: readonly GustoPreviewProblem[] }) {
  const { t } = useTranslation('supervisor')
  if (problems.length === 0) return null
  const text = (p: GustoPreviewProblem) => {
    const name = fullName(p.person)
    if (p.code === 'member-unmatched') return t('payroll.gusto.problem.unmatched', { name })
    if (p.code === 'policy-unmatched')
      return t('payroll.gusto.problem.policy', { name, kind: t(`payroll.gusto.${p.kind ?? 'vacation'}`) })
    return t('payroll.gusto.problem.figures', { name, date: formatDate(p.date ?? null) })
  }
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">{t('payroll.gusto.problem.title')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.map((p, i) => (
          <li key={i}>{text(p)}</li>
        ))}
      </ul>
    </div>
  )
}

function SendStatus({ send, period }: { send: GustoSendStatus; period: Pick<PayPeriod, 'start' | 'end'> }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  const when = (iso: string | null) => formatDate(iso, 'dateTime', '-', zone)
  const state =
    send.state === 'sent'
      ? t('payroll.gusto.state.sent', { when: when(send.sentAt) })
      : t(`payroll.gusto.state.${send.state}`)
  return (
    <div
      role="status"
      aria-label={t('payroll.gusto.lastSend')}
      className="space-y-2 rounded-md border border-slate-200 p-3 text-sm"
    >
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {state}
        {send.changedSinceSent ? <Badge variant="secondary">{t('payroll.gusto.changedSinceSent')}</Badge> : null}
      </p>
      {send.state === 'reconnect' ? <p className="text-slate-700">{t('payroll.gusto.reconnect')}</p> : null}
      {send.retryAt ? (
        <p className="text-slate-700">{t('payroll.gusto.retryAt', { when: when(send.retryAt) })}</p>
      ) : null}
      {send.state === 'sent' || send.created + send.updated + send.deleted > 0 ? (
        <p className="text-slate-700">
          {t('payroll.gusto.result', {
            created: send.created,
            updated: send.updated,
            deleted: send.deleted,
            unchanged: send.unchanged,
          })}
          {send.payrollSynced ? ` ${t('payroll.gusto.payrollSynced')}` : ''}
          {send.paidTimeOffSent ? ` ${t('payroll.gusto.paidTimeOffSent')}` : ''}
        </p>
      ) : null}
      {send.errors.length ? (
        <ul className="space-y-2">
          {send.errors.map((e, i) => (
            <SendError key={i} error={e} period={period} />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function SendError({ error, period }: { error: GustoSendErrorView; period: Pick<PayPeriod, 'start' | 'end'> }) {
  const { t } = useTranslation('supervisor')
  const ours =
    error.code === 'refused'
      ? error.person
        ? t('payroll.gusto.error.refused', { name: fullName(error.person) })
        : t('payroll.gusto.error.refusedPeriod')
      : error.code === 'pay-period-missing'
        ? t('payroll.gusto.error.payPeriodMissing', {
            start: formatDate(period.start),
            end: formatDate(period.end),
          })
        : t('payroll.gusto.error.payrollProcessed')
  return (
    <li className="rounded-md bg-red-50 p-2 text-red-900">
      <p>{ours}</p>
      {error.vendorMessages.map((m, i) => (
        <p key={i} className="break-words">
          {t('payroll.gusto.gustoSaid', { message: m })}
        </p>
      ))}
    </li>
  )
}
