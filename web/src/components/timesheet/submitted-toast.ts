import i18next from 'i18next'
import { fullName, type SubmittedTimesheet } from '@app/core'
import { formatList } from '../../lib/format.ts'
import { toast } from '../../lib/toast.ts'

/** Long enough to read a sentence that names people and what waits for them. */
const WAITING_TOAST_MS = 15_000

/**
 * The confirmation of a submission, for both forms: `description` as the form words it, or, when
 * a reviewer's address is not confirmed yet (the server holds their review email), who will be
 * emailed and when, so nobody believes their supervisor already knows.
 */
export const toastSubmitted = (answer: SubmittedTimesheet, description: string) => {
  // An API deployed before it said whose email waits answers without the list: nothing waits then.
  const waiting = answer.reviewEmailsHeldFor ?? []
  if (waiting.length === 0) {
    toast({ title: i18next.t('staff:toast.submitted'), description })
    return
  }
  toast({
    title: i18next.t('staff:toast.submitted'),
    description: i18next.t('staff:toast.submittedReviewWaits', {
      count: waiting.length,
      names: formatList(waiting.map((r) => fullName(r))),
    }),
    duration: WAITING_TOAST_MS,
  })
}
