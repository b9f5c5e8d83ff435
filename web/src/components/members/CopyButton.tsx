import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button.tsx'
import { copyText } from './clipboard.ts'

/** Copies `text`, then says so on the button for a moment (no toast: it would replace the credentials toast). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('supervisor')
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])

  return (
    <Button variant="outline" size="sm" className="min-h-11 shrink-0 sm:min-h-9" aria-label={label} onClick={copy}>
      {state === 'copied' ? <Check aria-hidden className="text-green-600" /> : <Copy aria-hidden />}
      <span aria-live="polite">{t(`members.copyButton.${state}`)}</span>
    </Button>
  )
}
