import * as z from 'zod'

/**
 * The text fields of requests, one shape each so that every field of that kind trims and refuses
 * alike; only the messages (which the web translates by their text) differ. Their limits are in
 * text.ts, which the web's counters read without zod.
 */

/** Text that must be given: trimmed, refused with `required` when blank and with `tooLong` past `max`. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

/** Text that must be given, its messages naming it by `label`: `Name is required`, `Name must be 60 characters or fewer`. */
export const namedText = (label: string, max: number) =>
  requiredText(`${label} is required`, max, `${label} must be ${max} characters or fewer`)

/** Text that may be blank: trimmed, at most `max` characters, named by `label` in its messages. */
export const limitedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
