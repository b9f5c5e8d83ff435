/** The local SES inbox (aws-ses-v2-local keeps every sent email and answers them at /store). */
export interface InboxEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string; html?: string }
}

const everything = async (to?: string): Promise<InboxEmail[]> => {
  const res = await fetch(new URL('store', process.env.INBOX_URL))
  const { emails } = (await res.json()) as { emails: InboxEmail[] }
  return to ? emails.filter((e) => e.destination.to.includes(to)) : emails
}

/** Whether an email is an address confirmation (its one-click link). */
const isConfirmation = (e: InboxEmail) => (e.body.text ?? '').includes('/api/email-confirmations/')

/** The emails sent (to `to`), but the address confirmations every added member gets first. */
export const inbox = async (to?: string): Promise<InboxEmail[]> =>
  (await everything(to)).filter((e) => !isConfirmation(e))

/** The address confirmations sent (to `to`). */
export const confirmationsIn = async (to?: string): Promise<InboxEmail[]> =>
  (await everything(to)).filter(isConfirmation)

/** Every email sent (to `to`), confirmations included. */
export const wholeInbox = everything

/** The token of the link an email's text part labels `label` ('Approve: https://…/api/email-decisions/{token}'). */
export const tokenIn = (text: string, label: string, route: 'email-decisions' | 'email-confirmations') =>
  new RegExp(`${label}: \\S+/api/${route}/(\\S+)`).exec(text)![1]!

/** The one-click Approve and Decline tokens of a review email's text part. */
export const decisionTokensIn = (text: string) => ({
  approve: tokenIn(text, 'Approve', 'email-decisions'),
  decline: tokenIn(text, 'Decline', 'email-decisions'),
})
