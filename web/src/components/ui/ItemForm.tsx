import type { FormEvent, ReactNode } from 'react'
import { Button } from './Button.tsx'

/** A short error line under a form or a list item, announced to screen readers. */
export const AlertLine = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null

/**
 * The frame of a form that adds or edits one item of a settings list in place: its error line,
 * its fields (`children`) and Cancel beside the submit button, both held while `busy`. `t` gives
 * the texts of the form's catalogue group (add, editNamed, save, saving, cancel); `name` is the
 * name of the item edited, undefined for a new one.
 */
export function ItemForm({
  t,
  name,
  onSubmit,
  error,
  busy,
  onCancel,
  children,
}: {
  t: (key: string, params?: { name: string }) => string
  name: string | undefined
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  error: string | null
  busy: boolean
  onCancel: () => void
  children: ReactNode
}) {
  const adding = name === undefined
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-md border border-slate-200 p-4"
      aria-label={adding ? t('add') : t('editNamed', { name })}
    >
      <AlertLine message={error} />
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={busy} busy={busy} busyLabel={t('saving')}>
          {adding ? t('add') : t('save')}
        </Button>
      </div>
    </form>
  )
}
