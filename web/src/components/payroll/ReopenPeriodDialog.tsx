import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ReopenPeriod, type PayPeriod } from '@app/core'
import { errorMessage, isUnauthorizedError } from '../../api/client.ts'
import { useReopenPeriod } from '../../api/payroll.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogCancel, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { Label } from '../ui/Label.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { periodTitle } from './period-title.ts'

const REOPEN_REASON_MAX_LENGTH = 500
const REASON_ERROR = 'reopen-reason-error'

/** Reopening a closed period frees its timesheets again; the reason is required and kept with the period. */
export function ReopenPeriodDialog({ period, onClose }: { period: PayPeriod | null; onClose: () => void }) {
  return (
    <Dialog open={period !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {period ? <ReopenForm key={period.start} period={period} onDone={onClose} /> : null}
    </Dialog>
  )
}

function ReopenForm({ period, onDone }: { period: PayPeriod; onDone: () => void }) {
  const { t } = useTranslation('supervisor')
  const reopen = useReopenPeriod()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const title = periodTitle(period)
  const failure = reopen.error && !isUnauthorizedError(reopen.error) ? reopen.error : null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = ReopenPeriod.safeParse({ reason })
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? t('payroll.reopen.reasonRequired'))
      event.currentTarget.querySelector('textarea')?.focus()
      return
    }
    reopen.mutate(
      { start: period.start, reason: checked.data.reason },
      {
        onSuccess: () => {
          toast({ title: t('payroll.reopen.doneTitle'), description: t('payroll.reopen.done', { title }) })
          onDone()
        },
      },
    )
  }

  return (
    <DialogContent>
      <DialogHeading title={t('payroll.reopen.title')}>{t('payroll.reopen.intro', { title })}</DialogHeading>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('payroll.reopen.title')}>
        <FormAlert message={failure ? errorMessage(failure, t('payroll.reopen.failed')) : null} />
        <div className="space-y-1.5">
          <Label htmlFor="reopen-reason">{t('payroll.reopen.reason')}</Label>
          <Textarea
            id="reopen-reason"
            name="reason"
            rows={3}
            required
            maxLength={REOPEN_REASON_MAX_LENGTH}
            value={reason}
            disabled={reopen.isPending}
            onChange={(e) => {
              setReason(e.target.value)
              setProblem(null)
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? REASON_ERROR : undefined}
          />
          {problem ? <FieldMessage id={REASON_ERROR}>{problem}</FieldMessage> : null}
        </div>
        <DialogFooter>
          <DialogCancel disabled={reopen.isPending} />
          <Button
            type="submit"
            disabled={reopen.isPending}
            busy={reopen.isPending}
            busyLabel={t('payroll.reopen.reopening')}
          >
            {t('payroll.reopen.confirm')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  )
}
