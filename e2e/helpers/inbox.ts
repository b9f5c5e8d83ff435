import { inboxUrl } from '../browser.ts'

/** An email as the local inbox (the SES emulator's store) keeps it. */
export interface StoredEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string }
}

/** The emails the local inbox holds for `to` whose subject starts with `subject`, oldest first. */
export const emailsTo = async (to: string, subject: string) => {
  const store = (await (await fetch(new URL('store', inboxUrl()))).json()) as { emails: StoredEmail[] }
  return store.emails.filter((e) => e.destination.to.includes(to.toLowerCase()) && e.subject.startsWith(subject))
}

/**
 * The newest email to `to` whose subject starts with `subject` (and whose text holds `containing`),
 * waiting up to `timeoutMs` for it: the request that queued it tries it at once, but a loaded
 * machine may take a moment.
 */
export const emailTo = async (
  to: string,
  subject: string,
  { containing = '', timeoutMs = 15_000 }: { containing?: string; timeoutMs?: number } = {},
) => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = (await emailsTo(to, subject)).filter((e) => (e.body.text ?? '').includes(containing))
    if (found.length) return found[found.length - 1]!
    if (Date.now() > until) throw new Error(`No email to ${to} starting "${subject}" in ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The link an email's plain text gives after `label` ('Approve', 'Confirm'). */
export const linkIn = (email: StoredEmail, label: string) => {
  const found = new RegExp(`${label}: (\\S+)`).exec(email.body.text ?? '')
  if (!found) throw new Error(`No "${label}:" link in "${email.subject}"`)
  return found[1]!
}
