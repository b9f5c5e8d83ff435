import { useTranslation } from 'react-i18next'
import { RefreshCw } from 'lucide-react'
import { Button } from '../ui/Button.tsx'

export interface UpdatePromptProps {
  /** A new version is installed and waits for the member's go-ahead. */
  needRefresh: boolean
  updating: boolean
  onUpdate: () => void
  onDismiss: () => void
}

/**
 * 'A new version is available': a polite live region at the bottom of the screen (not a modal, so
 * nobody is interrupted mid-entry), with Reload and Later. Reload activates the new service
 * worker and reloads the page; Later keeps the running version until the next visit.
 */
export function UpdatePrompt({ needRefresh, updating, onUpdate, onDismiss }: UpdatePromptProps) {
  const { t } = useTranslation('common')
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4"
    >
      {needRefresh ? (
        <section
          aria-labelledby="update-prompt-title"
          className="pointer-events-auto flex w-full max-w-md flex-col gap-3 rounded-lg border border-indigo-200 bg-white p-4 shadow-lg sm:flex-row sm:items-center"
        >
          <p id="update-prompt-title" className="flex-1 text-sm text-slate-800">
            {t('update.available')}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" onClick={onDismiss} disabled={updating}>
              {t('update.later')}
            </Button>
            <Button onClick={onUpdate} disabled={updating} busy={updating} busyLabel={t('update.reloading')}>
              <RefreshCw aria-hidden /> {t('update.reload')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
