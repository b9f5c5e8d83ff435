import { runReminders } from '../workflows/reminders.ts'

/**
 * Scheduled every REMINDERS_EVERY_MINUTES (infra/lib/definition.ts) in AWS and by a timer on the
 * local stack: queues and sends whatever reminders are due (functions/src/workflows/reminders.ts).
 * `npm run job -- reminders` runs it once with `asIfScheduled`. A scheduled event carries no such
 * field, so only `true` itself turns it on.
 */
export const handler = async (event?: { asIfScheduled?: unknown }) => {
  const result = await runReminders({ asIfScheduled: event?.asIfScheduled === true })
  console.log(JSON.stringify({ level: 'info', event: 'reminders', ...result }))
  return result
}
