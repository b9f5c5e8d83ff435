import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SendBackBody, TEXT_LIMITS, type ListedTimesheet } from '@app/core'
import { weekInClosedPeriodQuery } from '../../api/payroll.ts'
import { useSendBackTimesheet } from '../../api/timesheets.ts'
import { employeeName, formatDate } from '../../lib/format.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { ReasonForm } from '../ui/ReasonField.tsx'

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
  const about = { name: employeeName(timesheet.employee), date: formatDate(timesheet.weekStartDate) }
  return (
    <ReasonForm
      id="send-back-comments"
      name="comments"
      max={TEXT_LIMITS.comments}
      schema={SendBackBody}
      write={sendBack}
      input={(comments) => ({ id: timesheet.id, comments })}
      onDone={onDone}
      texts={{
        title: t('review.sendBack.title'),
        intro: t('review.sendBack.intro', about),
        failed: t('review.sendBack.failed'),
        label: t('review.sendBack.comment'),
        confirm: t('review.sendBack.confirm'),
        busy: t('review.sendBack.sending'),
        doneTitle: t('review.sendBack.doneTitle'),
        done: t('review.sendBack.done', about),
      }}
      variant="destructive"
    />
  )
}
