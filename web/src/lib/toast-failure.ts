import { isUnauthorizedError, errorMessage } from '../api/client.ts'
import { toast } from './toast.ts'

/**
 * A destructive toast with the server's message. An unauthorized failure is left to the
 * unauthorized helper (its toast and sign-in redirect), which the query client already ran.
 */
export function toastFailure(title: string, error: unknown, fallback: string) {
  if (isUnauthorizedError(error)) return
  toast({ variant: 'destructive', title, description: errorMessage(error, fallback) })
}
