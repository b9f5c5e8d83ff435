import { retryDueEmails } from '../support/mailer.ts'

/** Scheduled every few minutes in AWS (and by a timer on the local stack): sends emails still due. */
export const handler = async () => {
  const result = await retryDueEmails()
  if (result.tried) console.log(JSON.stringify({ level: 'info', event: 'email-retry', ...result }))
  return result
}
