import { toastFailure } from '../../lib/toast-failure.ts'
import { RowButton } from '../ui/Button.tsx'

/**
 * A row's destructive button (Revoke a token, Delete a webhook): asks `texts.confirm` in the
 * browser's own dialog first, then runs `write` on `id`; a refusal is said in a toast titled
 * `texts.failed`.
 */
export function ConfirmedRemoveButton({
  write,
  id,
  texts,
}: {
  write: { mutate: (id: string, callbacks: { onError: (error: unknown) => void }) => void; isPending: boolean }
  id: string
  /** The button's text, its name for screen readers, the question, and the refusal's title. */
  texts: { label: string; named: string; confirm: string; failed: string }
}) {
  return (
    <RowButton
      variant="destructive"
      disabled={write.isPending}
      aria-label={texts.named}
      onClick={() => {
        if (!window.confirm(texts.confirm)) return
        write.mutate(id, { onError: (error) => toastFailure(texts.failed, error, texts.failed) })
      }}
    >
      {texts.label}
    </RowButton>
  )
}
