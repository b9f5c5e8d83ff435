import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button.tsx'
import { copyText } from '../members/clipboard.ts'

/**
 * A secret just made (an API token, a webhook's signing secret): shown this once, with a button to
 * copy it. `texts` names the catalogue group whose `shownOnce`, `copy`, `copied` and `done` it says.
 */
export function OneTimeSecret({
  title,
  secret,
  testId,
  texts,
  onDone,
}: {
  title: string
  secret: string
  testId: string
  texts: 'apiTokens' | 'webhooks'
  onDone: () => void
}) {
  const { t } = useTranslation('supervisor')
  const [copied, setCopied] = useState(false)
  const copy = () => void copyText(secret).then(setCopied)
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="break-all text-sm font-medium text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">{t(`${texts}.shownOnce`)}</p>
      <code data-testid={testId} className="block break-all rounded bg-white p-2 font-mono text-sm text-slate-900">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={copy}>
          {copied ? t(`${texts}.copied`) : t(`${texts}.copy`)}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t(`${texts}.done`)}
        </Button>
      </div>
    </div>
  )
}
