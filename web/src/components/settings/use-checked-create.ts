import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UseMutationResult } from '@tanstack/react-query'
import { errorFields } from '../../api/client.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { issueMessages } from './CheckboxChoices.tsx'

/** A schema of @app/core (zod's safeParse), as far as this form reads it. */
type Checks<Input> = {
  safeParse: (
    typed: unknown,
  ) =>
    { success: true; data: Input } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } }
}

/**
 * A settings form that makes one thing (an API token, a webhook): what was typed is checked by
 * `schema` before anything is sent (each field's message from `${texts}.invalid`), the server's
 * field messages are shown after a refusal, with a toast titled `${texts}.${failed}`. A change to
 * any field clears the messages.
 */
export function useCheckedCreate<Input, Created>(
  schema: Checks<Input>,
  create: UseMutationResult<Created, Error, Input>,
  texts: 'apiTokens' | 'webhooks',
  failed: string,
) {
  const { t } = useTranslation('supervisor')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = (typed: unknown, onCreated: (created: Created) => void) => {
    const checked = schema.safeParse(typed)
    if (!checked.success)
      return setErrors(issueMessages(checked.error.issues, (field) => t(`${texts}.invalid.${field}`)))
    create.mutate(checked.data, {
      onSuccess: onCreated,
      onError: (error) => {
        setErrors(errorFields(error))
        toastFailure(t(`${texts}.${failed}`), error, t(`${texts}.${failed}`))
      },
    })
  }
  /** A field's change: `set` it and clear the messages. */
  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setErrors({})
    }
  return { errors, submit, edit, busy: create.isPending }
}
