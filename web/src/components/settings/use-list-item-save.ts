import { useState } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { errorFields, errorMessage } from '../../api/client.ts'
import { translated, type FieldErrors, type Parser } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { fieldDescription } from '../ui/FormField.tsx'

/**
 * A settings form that adds or edits one item of a list saved whole (a PUT of the list, like the
 * allocation codes or the campuses). The browser's check and the server's refusal both name a
 * field by its path in the list (`codes.2.name`); `mine` keeps the edited item's messages, by
 * field, in the order the form shows them. They are shown on their fields and the first one is
 * focused; a problem with no field of the item is said in the form's error line (`failed` when
 * there is no message). Once saved, a toast titled `saved` names the item.
 */
export function useListItemSave<F extends string, Input, Saved>(
  write: UseMutationResult<Saved, Error, Input>,
  {
    mine,
    id,
    saved,
    failed,
  }: {
    mine: (issues: Record<string, string>) => FieldErrors<F>
    id: (field: F) => string
    saved: string
    failed: string
  },
) {
  const [shown, setShown] = useState<FieldErrors<F>>({})
  const [formError, setFormError] = useState<string | null>(null)
  /** The item's first field with a message, in `mine`'s order. */
  const firstOf = (fields: FieldErrors<F>) => (Object.keys(fields) as F[]).find((field) => fields[field])

  /**
   * Checks the list and, when it passes, saves it: then `onDone`; after a refusal, `onError` too
   * (a form that also toasts it).
   */
  const save = (
    schema: Parser<Input>,
    list: unknown,
    name: string,
    onDone: () => void,
    onError?: (error: Error) => void,
  ) => {
    const checked = schema.safeParse(list)
    if (!checked.success) {
      const fields = mine(
        Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), translated(i.message)])),
      )
      setShown(fields)
      const first = firstOf(fields)
      if (first) document.getElementById(id(first))?.focus()
      else setFormError(translated(checked.error.issues[0]?.message ?? failed))
      return
    }
    write.mutate(checked.data, {
      onSuccess: () => {
        toast({ title: saved, description: name.trim() })
        onDone()
      },
      onError: (error) => {
        const fields = mine(errorFields(error))
        setShown(fields)
        if (!firstOf(fields)) setFormError(errorMessage(error, failed))
        onError?.(error)
      },
    })
  }

  /** An edit of `field` (one with a message or not): its message and the form's error line go. */
  const edited = (field: string) => {
    setShown((s) => ({ ...s, [field]: undefined }))
    setFormError(null)
  }

  /** What ties a field's control to its message (and its hint when `hint`): held while saving. */
  const control = (field: F, hint = false) => ({
    id: id(field),
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': fieldDescription(id(field), { hint, message: shown[field] }),
    disabled: write.isPending,
  })

  return { shown, formError, save, edited, control, busy: write.isPending }
}
