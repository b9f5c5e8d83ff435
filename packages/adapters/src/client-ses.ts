import { SESv2Client } from '@aws-sdk/client-sesv2'
import { lazyClient } from './aws.ts'

/** The SES client (email). */
export const sesClient = lazyClient('ses', (options) => new SESv2Client(options))
