import { useEffect, useState, type FormEvent } from 'react'
import i18next from 'i18next'
import { messageKeyFinder } from '@app/i18n'
import { errorFields, errorMessage, isUnauthorizedError, translateMessage } from '../api/client.ts'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

/** What a zod schema's safeParse answers, as far as a form needs it. */
export interface Parser<T> {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

/** The first message for each of the form's own fields; messages about anything else are dropped. */
const pick = <F extends string>(fields: readonly F[], entries: Iterable<[PropertyKey, string]>): FieldErrors<F> => {
  const errors: FieldErrors<F> = {}
  for (const [key, message] of entries) {
    if (fields.includes(key as F) && !errors[key as F]) errors[key as F] = message
  }
  return errors
}

const finders = new WeakMap<object, ReturnType<typeof messageKeyFinder>>()

/**
 * A message of a core schema checked in the browser, in the reader's language: the same English
 * texts the server answers, so the same `errors` codes (found from the English catalogue).
 */
export const translated = (message: string) => {
  const english = i18next.getResourceBundle('en', 'errors') as Record<string, unknown> | undefined
  if (!english) return message
  if (!finders.has(english)) finders.set(english, messageKeyFinder(english))
  return translateMessage(finders.get(english)!(message), message)
}

/**
 * A form's field messages from both sides: the browser's own check (a zod schema of
 * packages/core) and the server's 400 (`fields` of its answer). The browser's win while shown;
 * editing a field clears its message.
 */
export function useFieldErrors<F extends string>(fields: readonly F[], serverError: unknown) {
  const [client, setClient] = useState<FieldErrors<F>>({})
  // The catalogue of messages, ready before the first check (a chunk of its own, loaded once).
  useEffect(() => void i18next.loadNamespaces('errors').catch(() => undefined), [])
  const server = pick(fields, Object.entries(errorFields(serverError)))
  const shown: FieldErrors<F> = { ...server, ...client }

  /** Clears one field's message (or all of them). */
  const clear = (name?: F) =>
    setClient((errors) => (name === undefined ? {} : errors[name] ? { ...errors, [name]: undefined } : errors))

  /**
   * Checks the values: the parsed data, or null after showing each field's first message and
   * moving focus to the first invalid field in the order of `fields`.
   */
  const check = <T>(schema: Parser<T>, values: unknown, form: HTMLFormElement): T | null => {
    const parsed = schema.safeParse(values)
    if (parsed.success) {
      setClient({})
      return parsed.data
    }
    const errors = pick(
      fields,
      parsed.error.issues.map((issue) => [issue.path[0] ?? '', translated(issue.message)] as [PropertyKey, string]),
    )
    setClient(errors)
    const first = fields.find((f) => errors[f])
    const element = first ? form.elements.namedItem(first) : null
    if (element instanceof HTMLElement) element.focus()
    return null
  }

  /** A form's onSubmit: the values checked as `check` does, and only what passes handed to `send`. */
  const onSubmit =
    <T>(schema: Parser<T>, values: unknown, send: (data: T) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const data = check(schema, values, event.currentTarget)
      if (data !== null) send(data)
    }

  /**
   * A refusal with no field to point at (a plan limit, no free username), said in the form itself:
   * the server's message, or `fallback`. A lapsed session is left to the shared handler.
   */
  const formError = (fallback: string) =>
    serverError && !isUnauthorizedError(serverError) && Object.keys(server).length === 0
      ? errorMessage(serverError, fallback)
      : null

  return { shown, clear, check, onSubmit, formError }
}
