export { routes, type RouteKey } from './routes.ts'
export type { Route, Use } from './http/define-route.ts'
export { handler as retryEmailsJob } from './jobs/retry-emails.ts'
export { handler as remindersJob } from './jobs/reminders.ts'
