import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { IntegrationView, PlanningCenterRunView, PlanningCenterView } from '@app/core'
import { errorKey, errorMessage } from '../../api/client.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import {
  useConnectPlanningCenterToken,
  usePlanningCenter,
  useSavePlanningCenter,
  useSyncPlanningCenter,
} from '../../api/planning-center.ts'
import { formatDate } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { TextField } from '../ui/TextField.tsx'
import { ItemOptions } from '../ui/Options.tsx'

/**
 * Why a write was refused, in the server's words or `fallback`; nothing before a refusal. The
 * server's generic 503 (Planning Center busy, down or out of reach) says which service did not answer.
 */
function Refusal({ error, fallback }: { error: Error | null; fallback: string }) {
  const { t } = useTranslation('supervisor')
  if (!error) return null
  return (
    <p role="alert" className="text-sm text-red-800">
      {errorKey(error) === 'unavailable' ? t('integrations.planningCenter.unavailable') : errorMessage(error, fallback)}
    </p>
  )
}

/** A form's last row: its write's refusal, if any, and its submit button, held while the write runs. */
function SubmitWithRefusal({
  write,
  failed,
  label,
}: {
  write: { error: Error | null; isPending: boolean }
  failed: string
  label: string
}) {
  return (
    <>
      <Refusal error={write.error} fallback={failed} />
      <Button type="submit" size="sm" disabled={write.isPending}>
        {label}
      </Button>
    </>
  )
}

/** Connecting with a personal access token: one church's own use, no OAuth app needed. */
function TokenForm() {
  const { t } = useTranslation('supervisor')
  const connect = useConnectPlanningCenterToken()
  const [applicationId, setApplicationId] = useState('')
  const [secret, setSecret] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    connect.mutate({ applicationId, secret }, { onSuccess: () => setSecret('') })
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="pco-token-title">
      <p id="pco-token-title" className="text-sm font-medium text-slate-900">
        {t('integrations.planningCenter.tokenTitle')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="pco-application-id"
          label={t('integrations.planningCenter.applicationId')}
          autoComplete="off"
          value={applicationId}
          onChange={(e) => setApplicationId(e.target.value)}
          required
        />
        <TextField
          id="pco-secret"
          label={t('integrations.planningCenter.secret')}
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          required
        />
      </div>
      <SubmitWithRefusal
        write={connect}
        failed={t('integrations.planningCenter.tokenFailed')}
        label={t('integrations.planningCenter.connectToken')}
      />
    </form>
  )
}

/** The two lists a church may sync, each with the department its new members get. */
const KINDS = ['staff', 'volunteers'] as const
type ListKind = (typeof KINDS)[number]
interface ListPick {
  list: string
  department: string
}

/** One list to sync (staff or volunteers) and the department its new members get. */
function ListChoice({
  kind,
  pick,
  lists,
  onChange,
}: {
  kind: ListKind
  pick: ListPick
  lists: PlanningCenterView['lists']
  onChange: (change: Partial<ListPick>) => void
}) {
  const { t } = useTranslation('supervisor')
  return (
    <>
      <FormField id={`pco-${kind}-list`} label={t(`integrations.planningCenter.${kind}List`)}>
        <select
          id={`pco-${kind}-list`}
          className={inputClasses}
          value={pick.list}
          onChange={(e) => onChange({ list: e.target.value })}
        >
          <option value="">{t('integrations.planningCenter.noList')}</option>
          <ItemOptions items={lists} />
        </select>
      </FormField>
      <TextField
        id={`pco-${kind}-department`}
        label={t(`integrations.planningCenter.${kind}Department`)}
        value={pick.department}
        onChange={(e) => onChange({ department: e.target.value })}
        required
      />
    </>
  )
}

function ListsForm({ view }: { view: PlanningCenterView }) {
  const { t } = useTranslation('supervisor')
  const save = useSavePlanningCenter()
  const [picks, setPicks] = useState<Record<ListKind, ListPick>>({
    staff: { list: view.staffListId ?? '', department: view.staffDepartment },
    volunteers: { list: view.volunteersListId ?? '', department: view.volunteersDepartment },
  })
  const [secret, setSecret] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(
      {
        staffListId: picks.staff.list || null,
        volunteersListId: picks.volunteers.list || null,
        staffDepartment: picks.staff.department,
        volunteersDepartment: picks.volunteers.department,
        ...(secret.trim() ? { webhookSecrets: [secret.trim()] } : {}),
      },
      { onSuccess: () => setSecret('') },
    )
  }
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="pco-lists-title">
      <p id="pco-lists-title" className="text-sm font-medium text-slate-900">
        {t('integrations.planningCenter.listsTitle')}
      </p>
      {view.listsError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('integrations.planningCenter.listsError', { message: view.listsError })}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((kind) => (
          <ListChoice
            key={kind}
            kind={kind}
            pick={picks[kind]}
            lists={view.lists}
            onChange={(change) => setPicks((p) => ({ ...p, [kind]: { ...p[kind], ...change } }))}
          />
        ))}
      </div>
      <TextField
        id="pco-webhook-secret"
        label={t('integrations.planningCenter.webhookSecret')}
        hint={t('integrations.planningCenter.webhookSecretHint', { count: view.webhookSecrets })}
        type="password"
        autoComplete="off"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
      />
      <SubmitWithRefusal
        write={save}
        failed={t('integrations.planningCenter.saveFailed')}
        label={t('integrations.planningCenter.save')}
      />
    </form>
  )
}

function LastRun({ run }: { run: PlanningCenterRunView | null }) {
  const { t } = useTranslation('supervisor')
  const zone = useOrgTimeZone()
  if (!run)
    return (
      <p role="status" className="text-sm text-slate-600" data-testid="pco-last-run">
        {t('integrations.planningCenter.neverSynced')}
      </p>
    )
  return (
    <div role="status" className="space-y-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="pco-last-run">
      <p className="font-medium text-slate-900">
        {t(`integrations.planningCenter.run.${run.status}`, {
          time: formatDate(run.at, 'dateTime', '-', zone),
          trigger: t(`integrations.planningCenter.trigger.${run.trigger}`),
        })}
      </p>
      <p className="text-slate-700">{t('integrations.planningCenter.counts', run.counts)}</p>
      {run.error ? <p className="text-red-800">{run.error}</p> : null}
      {run.changes.length ? (
        <ul className="list-disc space-y-1 ps-5 text-slate-700" aria-label={t('integrations.planningCenter.changes')}>
          {run.changes.map((c, i) => (
            <li key={`${c.memberId ?? c.name}-${i}`}>
              {t(`integrations.planningCenter.change.${c.status}`, { name: c.name })}
              {c.conflicts.map((conflict) => (
                <span key={conflict.field} className="block text-slate-600">
                  {t('integrations.planningCenter.conflict', {
                    field: t(`integrations.planningCenter.fields.${conflict.field}`, { defaultValue: conflict.field }),
                    ours: conflict.ours ?? '—',
                    theirs: conflict.theirs ?? '—',
                  })}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {run.problems.length ? (
        <div>
          <p className="font-medium text-slate-900">{t('integrations.planningCenter.problems')}</p>
          <ul className="list-disc space-y-1 ps-5 text-slate-700">
            {run.problems.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                {p.name}: {t(`memberImport.reasons.${p.key}`, { ...p.params, defaultValue: p.reason })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/** Planning Center People under its integration: a personal token, the lists, Sync now and the last run. */
export function PlanningCenterPanel({ integration }: { integration: IntegrationView }) {
  const { t } = useTranslation('supervisor')
  const connected = integration.connected && !integration.reconnectNeeded
  const view = usePlanningCenter(connected)
  const sync = useSyncPlanningCenter()
  if (!connected) return <TokenForm />
  if (!view.data) return null
  return (
    <div className="space-y-4">
      <ListsForm view={view.data} />
      <div className="space-y-2">
        <Button type="button" size="sm" variant="outline" disabled={sync.isPending} onClick={() => sync.mutate()}>
          {sync.isPending ? t('integrations.planningCenter.syncing') : t('integrations.planningCenter.syncNow')}
        </Button>
        <Refusal error={sync.error} fallback={t('integrations.planningCenter.syncFailed')} />
        <LastRun run={view.data.lastRun} />
      </div>
    </div>
  )
}
