import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TEXT_LIMITS } from '@app/core'
import { Button } from '../ui/Button.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'

export interface ActivityPromptProps {
  /** The day as written mid-sentence ('Sunday', 'el domingo'). */
  dayInSentence: string
  /** The day's activity now: the field starts with it. */
  activity: string
  busy: boolean
  /** Saves the answer as the day's activity; answers whether it was saved (the prompt then closes). */
  onSave: (activity: string) => Promise<boolean>
  /** Closes the prompt: after a save, on 'Skip', or when nothing changed. */
  onClose: () => void
  /** The id of the day's timer: the focus goes back to its first button when the prompt closes. */
  timerId: string
}

/**
 * 'What did you do?' in place after a Clock Out: one optional field, prefilled with the
 * day's activity. Enter saves; Skip leaves the activity as it is. It takes the focus
 * when it opens (the Clock Out button that was pressed is gone), so a screen reader hears the
 * question at once.
 */
export function ActivityPrompt({ dayInSentence, activity, busy, onSave, onClose, timerId }: ActivityPromptProps) {
  const { t } = useTranslation('staff')
  const id = useId()
  const [text, setText] = useState(activity)
  const input = useRef<HTMLInputElement>(null)
  const limit = useTextLimit(id, text, TEXT_LIMITS.activity, `${id}-hint`)
  useEffect(() => input.current?.focus(), [])

  // The prompt goes away with the focus in it (after a save or Skip): the focus goes back to the
  // day's clock (Clock In again), not to the page or the dialog. Focus moved elsewhere stays there.
  const focused = useRef(false)
  useEffect(
    () => () => {
      if (focused.current) document.getElementById(timerId)?.querySelector('button')?.focus()
    },
    [timerId],
  )

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (limit.over) return
    // Nothing changed: nothing to save.
    if (text.trim() === activity.trim()) return onClose()
    if (await onSave(text)) onClose()
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => (focused.current = true)}
      onBlur={(e) => {
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) focused.current = false
      }}
      className="space-y-2 rounded-md border border-indigo-200 bg-indigo-50/60 p-3"
    >
      <Label htmlFor={id}>{t('activityPrompt.label')}</Label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('activityPrompt.hint', { day: dayInSentence })}
      </p>
      <Input
        ref={input}
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        autoComplete="off"
        enterKeyHint="done"
        className="min-h-12 text-base"
        {...limit.control}
      />
      {limit.note}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} busyLabel={t('common:saving')}>
          {t('activityPrompt.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          {t('activityPrompt.skip')}
        </Button>
      </div>
    </form>
  )
}
