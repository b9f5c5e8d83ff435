/** The local SES inbox (aws-ses-v2-local keeps every sent email and answers them at /store). */
export interface InboxEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string; html?: string }
}

export const inbox = async (to?: string): Promise<InboxEmail[]> => {
  const res = await fetch(new URL('store', process.env.INBOX_URL))
  const { emails } = (await res.json()) as { emails: InboxEmail[] }
  return to ? emails.filter((e) => e.destination.to.includes(to)) : emails
}
