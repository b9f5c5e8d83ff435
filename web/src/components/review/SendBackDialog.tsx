import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SendBackBody, TEXT_LIMITS, type ListedTimesheet } from '@app/core'
import { weekInClosedPeriodQuery } from '../../api/payroll.ts'
import { useSendBackTimesheet } from '../../api/timesheets.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { employeeName, formatDate } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogActions, DialogContent, DialogHeading } from '../ui/Dialog.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { ReasonField } from '../ui/ReasonField.tsx'

const FIELDS = ['comments'] as const
const FIELD_ID = 'send-back-comments'

/**
 * An approved week's "Send back for correction", for a supervisor who may decide it, shown only
 * while no closed pay period holds the week (the server refuses it there too): a small dialog asks
 * what to correct (required), then the week goes back to its member as declined.
 */
export function SendBackButton({ timesheet, onSentBack }: { timesheet: ListedTimesheet; onSentBack: () => void }) {
  const { t } = useTranslation('supervisor')
  const closed = useQuery(weekInClosedPeriodQuery(timesheet.weekStartDate))
  // The mutation lives here, so a send already under way keeps the dialog open until it answers.
  const sendBack = useSendBackTimesheet()
  const [open, setOpen] = useState(false)
  if (closed.data !== false) return null
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t('review.sendBack.button')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => (sendBack.isPending ? undefined : setOpen(next))}>
        {open ? (
          <SendBackForm
            timesheet={timesheet}
            sendBack={sendBack}
            onDone={() => {
              setOpen(false)
              onSentBack()
            }}
          />
        ) : null}
      </Dialog>
    </>
  )
}

function SendBackForm({
  timesheet,
  sendBack,
  onDone,
}: {
  timesheet: ListedTimesheet
  sendBack: ReturnType<typeof useSendBackTimesheet>
  onDone: () => void
}) {
  const { t } = useTranslation('supervisor')
  const [comments, setComments] = useState('')
  const errors = useFieldErrors(FIELDS, sendBack.error)
  const about = { name: employeeName(timesheet.employee), date: formatDate(timesheet.weekStartDate) }

  const onSubmit = errors.onSubmit(SendBackBody, { comments }, (checked) =>
    sendBack.mutate(
      { id: timesheet.id, comments: checked.comments },
      {
        onSuccess: () => {
          toast({ title: t('review.sendBack.doneTitle'), description: t('review.sendBack.done', about) })
          onDone()
        },
      },
    ),
  )

  return (
    <DialogContent>
      <DialogHeading title={t('review.sendBack.title')}>{t('review.sendBack.intro', about)}</DialogHeading>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('review.sendBack.title')}>
        <FormAlert message={errors.formError(t('review.sendBack.failed'))} />
        <ReasonField
          id={FIELD_ID}
          name="comments"
          label={t('review.sendBack.comment')}
          value={comments}
          onChange={(value) => {
            setComments(value)
            errors.clear()
          }}
          max={TEXT_LIMITS.comments}
          problem={errors.shown.comments}
          disabled={sendBack.isPending}
        />
        <DialogActions
          pending={sendBack.isPending}
          label={t('review.sendBack.confirm')}
          busyLabel={t('review.sendBack.sending')}
          variant="destructive"
        />
      </form>
    </DialogContent>
  )
}
