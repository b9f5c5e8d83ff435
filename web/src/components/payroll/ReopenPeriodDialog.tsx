import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReopenPeriod, TEXT_LIMITS, type PayPeriod } from '@app/core'
import { useReopenPeriod } from '../../api/payroll.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { DialogActions, DialogContent, DialogHeading, dialogOf } from '../ui/Dialog.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import { periodTitle } from './period-title.ts'

const FIELDS = ['reason'] as const

/** Reopening a closed period frees its timesheets again; the reason is required and kept with the period. */
function ReopenForm({ item: period, onDone }: { item: PayPeriod; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const reopen = useReopenPeriod()
  const [reason, setReason] = useState('')
  const errors = useFieldErrors(FIELDS, reopen.error)
  const problem = errors.shown.reason
  // The limit the server's ReopenPeriod holds it to, counted near it and said past it.
  const limit = useTextLimit(
    'reopen-reason',
    reason,
    TEXT_LIMITS.reason,
    fieldDescription('reopen-reason', { message: problem }),
  )
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
        <FormField id="reopen-reason" label={t('payroll.reopen.reason')} message={problem}>
          <Textarea
            id="reopen-reason"
            name="reason"
            rows={3}
            required
            value={reason}
            disabled={reopen.isPending}
            onChange={(e) => {
              setReason(e.target.value)
              errors.clear()
            }}
            aria-invalid={problem || limit.over ? true : undefined}
            aria-describedby={limit.control['aria-describedby']}
          />
          {problem ? null : limit.note}
        </FormField>
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
