import * as z from 'zod'
import { LANGUAGES } from './languages.ts'

export const LANGUAGE_UNKNOWN = `Choose a language: ${LANGUAGES.map((l) => `"${l}"`).join(' or ')}`

/** A language the product speaks, as a schema (a user's `language`, PATCH /api/auth/user). */
export const Language = z.enum(LANGUAGES, { error: LANGUAGE_UNKNOWN })
export type Language = z.infer<typeof Language>

/** PATCH /api/auth/user: what a signed-in member changes about themselves (their language). */
export const UpdateOwnUserBody = z.strictObject({ language: Language })
export type UpdateOwnUserBody = z.infer<typeof UpdateOwnUserBody>
