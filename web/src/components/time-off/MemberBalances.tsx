import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fullName, TimeOffAdjustment, TIME_OFF_KINDS, type KindBalance, type TimeOffKind } from '@app/core'
import { useMembers } from '../../api/members.ts'
import { useAdjustBalance, useBalances } from '../../api/time-off.ts'
import { errorMessage } from '../../api/client.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { formatDate, formatLeaveHours } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { FormField } from '../ui/FormField.tsx'
import { TextField } from '../ui/TextField.tsx'
import { ItemOptions, Options } from '../ui/Options.tsx'
import { inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell, StackedRow, StackedTable } from '../ui/Table.tsx'
import { BalancesList, useKindName } from './time-off-parts.tsx'

/** A member's balances (supervisors), the ledger of every change, and an adjustment with its reason. */
export function MemberBalances() {
  const { t } = useTranslation('supervisor')
  const id = useId()
  const members = useMembers()
  const choices = (members.data ?? [])
    .filter((m) => m.role !== 'volunteer')
    .map((m) => ({ id: m.id, name: fullName(m) }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const [employeeId, setEmployeeId] = useState('')
  const balances = useBalances(employeeId || null, employeeId !== '')
  return (
    <div className="space-y-4">
      <FormField id={`${id}-member`} label={t('timeOff.balances.member')} className="max-w-sm">
        <select
          id={`${id}-member`}
          className={inputClasses}
          value={employeeId}
          onChange={(e) => setEmployeeId(e.target.value)}
        >
          <option value="">{t('timeOff.balances.choose')}</option>
          <ItemOptions items={choices} />
        </select>
      </FormField>
      {employeeId === '' ? null : balances.isPending ? (
        <LoadingState label={t('timeOff.balances.loading')} />
      ) : balances.data ? (
        <>
          <BalancesList balances={balances.data.balances} />
          <AdjustmentForm key={employeeId} employeeId={employeeId} balances={balances.data.balances} />
          <Ledger balances={balances.data.balances} />
        </>
      ) : (
        <ErrorState
          message={errorMessage(balances.error, t('timeOff.balances.loadError'))}
          onRetry={() => void balances.refetch()}
        />
      )}
    </div>
  )
}

function Ledger({ balances }: { balances: readonly KindBalance[] }) {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const entries = balances
    .flatMap((b) => b.ledger.map((e) => ({ ...e, name: kindName(b.kind, b.name) })))
    .sort((a, b) => b.date.localeCompare(a.date) || b.at.localeCompare(a.at))
  const columns = [
    t('timeOff.ledger.date'),
    t('timeOff.ledger.kind'),
    t('timeOff.ledger.type'),
    t('timeOff.ledger.hours'),
    t('timeOff.ledger.reason'),
  ]
  return (
    <section aria-labelledby="ledger-title" className="space-y-2">
      <h3 id="ledger-title" className="font-semibold text-slate-900">
        {t('timeOff.ledger.title')}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t('timeOff.ledger.none')}</p>
      ) : (
        <StackedTable columns={columns}>
          {entries.map((e) => (
            <StackedRow key={e.id}>
              <StackedCell label={columns[0]!}>{formatDate(e.date)}</StackedCell>
              <StackedCell label={columns[1]!}>{e.name}</StackedCell>
              <StackedCell label={columns[2]!}>
                {t(`timeOff.ledger.types.${e.type}`)}
                {e.status === 'pending' ? ` (${t('timeOff.ledger.pending')})` : ''}
              </StackedCell>
              <StackedCell label={columns[3]!}>{formatLeaveHours(e.hours)}</StackedCell>
              <StackedCell label={columns[4]!} className="break-words">
                {e.reason ?? ''}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </section>
  )
}

const FIELDS = ['kind', 'hours', 'reason'] as const

function AdjustmentForm({ employeeId, balances }: { employeeId: string; balances: readonly KindBalance[] }) {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const id = useId()
  const adjust = useAdjustBalance()
  const [kind, setKind] = useState<TimeOffKind>(balances.find((b) => b.eligible)?.kind ?? 'vacation')
  const [hours, setHours] = useState('')
  const [reason, setReason] = useState('')
  const errors = useFieldErrors(FIELDS, adjust.error)
  const values = { employeeId, kind, hours: hours.trim() === '' ? undefined : Number(hours), reason }
  const onSubmit = errors.onSubmit(TimeOffAdjustment, values, (adjustment) =>
    adjust.mutate(adjustment, {
      onSuccess: () => {
        toast({ title: t('timeOff.adjust.savedTitle'), description: t('timeOff.adjust.saved') })
        setHours('')
        setReason('')
      },
    }),
  )
  const fid = (name: string) => `${id}-${name}`
  const onHours = (value: string) => {
    setHours(value)
    errors.clear('hours')
  }
  const onReason = (value: string) => {
    setReason(value)
    errors.clear('reason')
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={t('timeOff.adjust.title')}>
      <h3 className="font-semibold text-slate-900">{t('timeOff.adjust.title')}</h3>
      <FormAlert message={errors.formError(t('timeOff.adjust.failed'))} />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={fid('kind')} label={t('timeOff.adjust.kind')}>
          <select
            id={fid('kind')}
            name="kind"
            className={inputClasses}
            value={kind}
            onChange={(e) => setKind(e.target.value as TimeOffKind)}
          >
            <Options values={TIME_OFF_KINDS} label={(k) => kindName(k, balances.find((b) => b.kind === k)?.name)} />
          </select>
        </FormField>
        <TextField
          id={fid('hours')}
          label={t('timeOff.adjust.hours')}
          hint={t('timeOff.adjust.hoursHint')}
          message={errors.shown.hours}
          name="hours"
          type="number"
          inputMode="decimal"
          step={0.25}
          value={hours}
          onChange={(e) => onHours(e.target.value)}
        />
        <TextField
          id={fid('reason')}
          label={t('timeOff.adjust.reason')}
          message={errors.shown.reason}
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(e) => onReason(e.target.value)}
        />
      </div>
      <Button type="submit" busy={adjust.isPending}>
        {t('timeOff.adjust.save')}
      </Button>
    </form>
  )
}
