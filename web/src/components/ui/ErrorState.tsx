import i18next from 'i18next'
import { RefreshCw } from 'lucide-react'
import { cn } from '../../lib/cn.ts'
import { Button } from './Button.tsx'

/** A read that failed: what could not be loaded, announced at once, with a way to try again. */
export function ErrorState({
  message,
  onRetry,
  retryLabel = i18next.t('common:tryAgain'),
  className,
}: {
  message: string
  onRetry?: () => void
  retryLabel?: string
  className?: string
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3 text-sm text-red-800', className)}>
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden /> {retryLabel}
        </Button>
      ) : null}
    </div>
  )
}
