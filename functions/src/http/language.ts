import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { acceptedLanguages, preferredLanguage, type Language } from '@app/core'

/**
 * The language of the browser behind a sign-in: the one the web sent (its current
 * language, chosen in the footer or taken from the browser), else the request's Accept-Language.
 * Undefined when the browser said nothing, so a sign-in without either leaves the member's as it is.
 */
export const browserLanguageOf = (event: APIGatewayProxyEventV2, sent?: Language): Language | undefined => {
  if (sent) return sent
  const header = event.headers?.['accept-language'] ?? event.headers?.['Accept-Language']
  const tags = acceptedLanguages(header)
  return tags.length ? preferredLanguage(tags) : undefined
}
