import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import type { AuditClient } from '@app/core'

/** Where a request came from, as sign-in records keep it (API Gateway's own view of the caller). */
export const clientOf = (event: APIGatewayProxyEventV2): AuditClient => ({
  address: event.requestContext?.http?.sourceIp ?? 'unknown',
  userAgent: (event.requestContext?.http?.userAgent ?? event.headers?.['user-agent'] ?? '').slice(0, 512),
})
