import { SendEmailCommand } from '@aws-sdk/client-sesv2'
import { sesClient } from './client-ses.ts'
import { config } from './config.ts'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The sender's display name (the organization's name); the address is always ours (MAIL_FROM). */
  fromName?: string
  /** Extra headers, such as List-Unsubscribe (RFC 8058) on reminders. */
  headers?: { name: string; value: string }[]
}

/**
 * `"Name" <address>` for a display name, safely: ASCII names are quoted (quotes and backslashes
 * escaped), anything else is an RFC 2047 encoded word, and line breaks never reach the header.
 * The address is MAIL_FROM's own (which may itself carry a default name, as on the local stack).
 */
export const fromHeader = (mailFrom: string, name?: string) => {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  const clean = (name ?? '').replace(/[\r\n\t]+/g, ' ').trim()
  if (!clean) return mailFrom
  const display = /^[\x20-\x7e]*$/.test(clean) ? `"${clean.replace(/["\\]/g, '\\$&')}"` : encodedWords(clean)
  return `${display} <${address}>`
}

/** RFC 2047 encoded words of at most 75 characters each (45 bytes of UTF-8, whole characters). */
const encodedWords = (text: string) => {
  const words: string[] = []
  let chunk = ''
  for (const char of text) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk)
      chunk = ''
    }
    chunk += char
  }
  words.push(chunk)
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(' ')
}

/** Sends one email through SES (aws-ses-v2-local on the local stack). */
export const sendEmail = async (message: EmailMessage) => {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: fromHeader(config.mailFrom, message.fromName),
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          ...(message.headers?.length
            ? { Headers: message.headers.map((h) => ({ Name: h.name, Value: h.value })) }
            : {}),
        },
      },
    }),
  )
}
