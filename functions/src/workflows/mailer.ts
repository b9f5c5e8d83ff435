import { sendEmail, type EmailMessage } from '@app/adapters'
import { outbox } from '@app/data'

/** Tries an outbox email now; a failure is recorded for the retry job, never thrown at the caller. */
export const deliver = async (orgId: string, id: string, message: EmailMessage, attempts = 0) => {
  if (!(await outbox.claim(orgId, id))) return false
  try {
    await sendEmail(message)
    await outbox.sent(orgId, id)
    return true
  } catch (e) {
    const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
    console.log(
      JSON.stringify({ level: 'warn', event: 'email-failed', orgId, outboxId: id, attempts: attempts + 1, error }),
    )
    await outbox.failed(orgId, id, attempts, error).catch(() => undefined)
    return false
  }
}

/**
 * Counts emails an action queued against the organization's daily quota, once the action has
 * committed. Best effort: the action stands even if the count cannot be written now.
 */
export const countQueued = (orgId: string, count: number) =>
  outbox.countQueued(orgId, count).catch((e: unknown) => {
    console.log(JSON.stringify({ level: 'warn', event: 'email-quota-not-counted', orgId, count, error: String(e) }))
  })

/** The retry job (a schedule in AWS, a timer on the local stack): sends what is due. */
export const retryDueEmails = async () => {
  const due = await outbox.due()
  let sent = 0
  for (const entry of due) if (await deliver(entry.orgId, entry.id, entry.message, entry.attempts)) sent++
  return { tried: due.length, sent }
}
