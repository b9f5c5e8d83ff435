import { SendEmailCommand } from '@aws-sdk/client-sesv2'
import { sesClient } from './client-ses.ts'
import { config } from './config.ts'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** Sends one email through SES (aws-ses-v2-local on the local stack). */
export const sendEmail = async (message: EmailMessage) => {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  )
}
