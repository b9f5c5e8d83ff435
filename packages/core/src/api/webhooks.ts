import * as z from 'zod'
import { chosenAtLeastOne } from '../choice-schemas.ts'
import { WebhookEvent } from '../webhooks.ts'

/** POST /api/webhooks: where to deliver, and which events. */
export const WebhookInput = z.object({
  url: z
    .string({ error: 'Enter a valid http or https URL' })
    .trim()
    .min(1, { error: 'Enter a valid http or https URL' })
    .max(2000, { error: 'The URL must be 2000 characters or fewer' })
    .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
      error: 'Enter a valid http or https URL',
    }),
  events: chosenAtLeastOne(WebhookEvent, 'Choose at least one event'),
})
export type WebhookInput = z.infer<typeof WebhookInput>

/** A webhook as GET /api/webhooks lists it and GET /api/webhooks/{id} answers it: never its secret. */
export const WebhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent),
  createdAt: z.string(),
})
export type WebhookView = z.infer<typeof WebhookView>
export const WebhookList = z.array(WebhookView)
export type WebhookList = z.infer<typeof WebhookList>

/** POST /api/webhooks answers the webhook as it is listed, with its signing secret (Standard Webhooks' `whsec_…`) this once. */
export const WebhookCreated = WebhookView.extend({ secret: z.string() })
export type WebhookCreated = z.infer<typeof WebhookCreated>

/** One delivery of an event to a webhook: its last try's HTTP status (null when none answered). */
export const WebhookDeliveryView = z.object({
  id: z.string(),
  event: WebhookEvent,
  status: z.enum(['pending', 'delivered', 'failed']),
  statusCode: z.number().int().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>
/** GET /api/webhooks/{id}/deliveries: the last 100, newest first. */
export const WebhookDeliveryList = z.array(WebhookDeliveryView)
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>

const id = (error: string) => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error })
export const WebhookParams = z.object({ id: id('Invalid webhook id') })
export const WebhookDeliveryParams = z.object({
  id: id('Invalid webhook id'),
  deliveryId: id('Invalid delivery id'),
})
