import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReopenPeriod, TEXT_LIMITS, type PayPeriod } from '@app/core'
import { useReopenPeriod } from '../../api/payroll.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { DialogActions, DialogContent, DialogHeading, dialogOf } from '../ui/Dialog.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { ReasonField } from '../ui/ReasonField.tsx'
import { periodTitle } from './period-title.ts'

const FIELDS = ['reason'] as const

/** Reopening a closed period frees its timesheets again; the reason is required and kept with the period. */
function ReopenForm({ item: period, onDone }: { item: PayPeriod; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const reopen = useReopenPeriod()
  const [reason, setReason] = useState('')
  const errors = useFieldErrors(FIELDS, reopen.error)
  const title = periodTitle(period)

  const onSubmit = errors.onSubmit(ReopenPeriod, { reason }, (checked) =>
    reopen.mutate(
      { start: period.start, reason: checked.reason },
      {
        onSuccess: () => {
          toast({ title: t('payroll.reopen.doneTitle'), description: t('payroll.reopen.done', { title }) })
          onDone()
        },
      },
    ),
  )

  return (
    <DialogContent>
      <DialogHeading title={t('payroll.reopen.title')}>{t('payroll.reopen.intro', { title })}</DialogHeading>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('payroll.reopen.title')}>
        <FormAlert message={errors.formError(t('payroll.reopen.failed'))} />
        <ReasonField
          id="reopen-reason"
          name="reason"
          label={t('payroll.reopen.reason')}
          value={reason}
          onChange={(value) => {
            setReason(value)
            errors.clear()
          }}
          max={TEXT_LIMITS.reason}
          problem={errors.shown.reason}
          disabled={reopen.isPending}
        />
        <DialogActions
          pending={reopen.isPending}
          label={t('payroll.reopen.confirm')}
          busyLabel={t('payroll.reopen.reopening')}
        />
      </form>
    </DialogContent>
  )
}

/** The dialog, open while it has a period (null: closed). */
export const ReopenPeriodDialog = dialogOf(ReopenForm, (p) => p.start)
