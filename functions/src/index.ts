import { openApiDocument } from './http/openapi.ts'
import { routes } from './routes.ts'

export { routes, type RouteKey } from './routes.ts'
export { publishOpenApi } from './http/published-openapi.ts'
export type { Route, Use } from './http/define-route.ts'
export { handler as retryEmailsJob } from './jobs/retry-emails.ts'
export { handler as remindersJob } from './jobs/reminders.ts'
export { exportJob } from './jobs/export-organization.ts'
export { importMembersJob } from './jobs/import-members.ts'
export { eraseClosedJob, handler as eraseClosedHandler } from './jobs/erase-closed.ts'
export { timeOffYearlyJob, handler as timeOffYearlyHandler } from './jobs/time-off-yearly.ts'
export { gustoIntegrationCheck } from './jobs/gusto-check.ts'
export { quickbooksIntegrationCheck } from './jobs/quickbooks-check.ts'
export { planningCenterIntegrationCheck } from './jobs/planning-center-check.ts'
export { planningCenterSyncJob, handler as planningCenterSyncHandler } from './jobs/planning-center-sync.ts'

/** The published API's document and the route that serves it, for whoever composes the routes. */
export const openApiOfManifest = () => ({ key: 'openapi/get-openapi', document: openApiDocument(routes) })
