import { useTranslation } from 'react-i18next'
import { ReopenPeriod, TEXT_LIMITS, type PayPeriod } from '@app/core'
import { useReopenPeriod } from '../../api/payroll.ts'
import { dialogOf } from '../ui/Dialog.tsx'
import { ReasonForm } from '../ui/ReasonField.tsx'
import { periodTitle } from './period-title.ts'

/** Reopening a closed period frees its timesheets again; the reason is required and kept with the period. */
function ReopenForm({ item: period, onDone }: { item: PayPeriod; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const reopen = useReopenPeriod()
  const title = periodTitle(period)
  return (
    <ReasonForm
      id="reopen-reason"
      name="reason"
      max={TEXT_LIMITS.reason}
      schema={ReopenPeriod}
      write={reopen}
      input={(reason) => ({ start: period.start, reason })}
      onDone={onDone}
      texts={{
        title: t('payroll.reopen.title'),
        intro: t('payroll.reopen.intro', { title }),
        failed: t('payroll.reopen.failed'),
        label: t('payroll.reopen.reason'),
        confirm: t('payroll.reopen.confirm'),
        busy: t('payroll.reopen.reopening'),
        doneTitle: t('payroll.reopen.doneTitle'),
        done: t('payroll.reopen.done', { title }),
      }}
    />
  )
}

/** The dialog, open while it has a period (null: closed). */
export const ReopenPeriodDialog = dialogOf(ReopenForm, (p) => p.start)
