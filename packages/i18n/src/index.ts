/**
 * The product's texts in every language it speaks. Each language's catalogue is the
 * folder `locales/{language}/`, one JSON file per namespace, so a page loads only the texts it shows:
 * - `common`: the app's frame (header, menus, footer, shared buttons and states, toasts used everywhere);
 * - `public`: the signed-out pages (landing, pricing, staff login, guides, demo, 404);
 * - `staff`: the staff and volunteer screens (dashboard card, weekly dialog, submit page, profile, offline);
 * - `supervisor`: the supervisor screens (dashboard, review, members, settings, reports, payroll, activity, billing);
 * - `errors`: the server's messages, by the key the API answers beside its English text;
 * - `emails`: the emails and the one-click decision pages (used by the server only).
 * Keys are camelCase paths (`weeklyDialog.save`); plurals use i18next's `_one`/`_other` suffixes.
 */
export const NAMESPACES = ['common', 'public', 'staff', 'supervisor', 'errors', 'emails'] as const
export type Namespace = (typeof NAMESPACES)[number]

export { DEFAULT_LANGUAGE, LANGUAGES, localeOf, preferredLanguage, type Language } from '@app/core'
export { messageKeyFinder, type MessageKey } from './message-keys.ts'
export { csvWords } from './csv-words.ts'
