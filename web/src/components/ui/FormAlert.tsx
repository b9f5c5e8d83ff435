import { CircleAlert } from 'lucide-react'

/** A form's own error (not tied to one field), announced to screen readers. */
export const FormAlert = ({ message }: { message: string | null | undefined }) =>
  message ? (
    <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  ) : null
