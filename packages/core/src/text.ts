import * as z from 'zod'

/**
 * The text fields of requests, one shape each so that every field of that kind trims and refuses
 * alike; only the messages (which the web translates by their text) differ.
 */

/** Text that must be given: trimmed, refused with `required` when blank and with `tooLong` past `max`. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong)

/** Text that may be blank: trimmed, at most `max` characters, named by `label` in its messages. */
export const limitedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)

/**
 * Addresses in text someone typed (a decline comment) made inert for email (issue 36): mail
 * programs turn `https://…`, `www.…`, `name.example` and `a@b.example` into links, so their dots
 * and `://` are written `[.]` and `[:]//`, which readers still understand and no program follows.
 */
export const linksAsText = (text: string) =>
  text.replace(/(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*|(?:[a-z0-9_%+-]+@)?(?:[a-z0-9-]+\.)+[a-z]{2,}\b\S*/gi, (m) =>
    m
      .replace(/:\/\//g, '[:]//')
      .replace(/\.(?=\S)/g, '[.]')
      .replace(/^(www)\.$/i, '$1[.]'),
  )
