/**
 * The days' schema, imported when the submit page saves rather than with the dashboards' first
 * script, which then carries no zod. The service worker precaches it for offline saves.
 */
export { TimesheetDays } from '@app/core'
