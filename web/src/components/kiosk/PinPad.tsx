import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Delete } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Pin, type KioskMember } from '@app/core'
import { Avatar } from '../ui/Avatar.tsx'
import { Button } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { FormField } from '../ui/FormField.tsx'
import { cn } from '../../lib/cn.ts'

export const kioskName = (member: Pick<KioskMember, 'firstName' | 'lastInitial'>) =>
  member.lastInitial ? `${member.firstName} ${member.lastInitial}.` : member.firstName

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const
const MAX_DIGITS = 6

const keyClasses =
  'flex min-h-16 items-center justify-center rounded-xl border border-slate-300 bg-white text-2xl font-semibold text-slate-900 shadow-sm select-none active:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:min-h-20 sm:text-3xl'

/**
 * The kiosk's PIN pad: large keys for a finger, and a real PIN field under them for a
 * keyboard and a screen reader (inputMode none: a tablet shows no keyboard of its own over the pad).
 * The button says what the punch will do, from the member's state as the kiosk knows it.
 */
export function PinPad({
  member,
  busy,
  error,
  onSubmit,
  onBack,
}: {
  member: KioskMember
  busy: boolean
  /** The last refusal (wrong PIN, locked). */
  error: string | null
  onSubmit: (pin: string) => void
  onBack: () => void
}) {
  const { t } = useTranslation('staff')
  const id = useId()
  const [pin, setPin] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // Mounted afresh for each try (the page keys it), so a refusal starts the digits over.
  useEffect(() => input.current?.focus(), [])
  const add = (digit: string) => setPin((p) => (p.length < MAX_DIGITS ? p + digit : p))
  const valid = Pin.safeParse(pin).success
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !busy) onSubmit(pin)
  }
  const name = kioskName(member)
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mx-auto flex w-full max-w-sm flex-col gap-4"
      aria-label={t('kiosk.pinFor', { name })}
    >
      <div className="flex items-center gap-4">
        <Avatar
          src={member.profileImageUrl}
          fallback={`${member.firstName.charAt(0)}${member.lastInitial}`}
          className="size-16 text-xl"
        />
        <h2 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{name}</h2>
      </div>
      <FormField id={id} label={t('kiosk.pinLabel')} labelClassName="text-base text-slate-900">
        <input
          ref={input}
          id={id}
          type="password"
          inputMode="none"
          autoComplete="off"
          value={pin}
          maxLength={MAX_DIGITS}
          onChange={(e) => setPin(e.target.value.replace(/[^0-9]/g, '').slice(0, MAX_DIGITS))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          disabled={busy}
          className="block min-h-14 w-full rounded-xl border border-slate-300 bg-white px-4 text-center text-3xl tracking-[0.5em] text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t('kiosk.pinHint')}
        </p>
        {error ? (
          <div role="alert">
            <FieldMessage id={`${id}-error`} className="text-base">
              {error}
            </FieldMessage>
          </div>
        ) : null}
      </FormField>
      <div role="group" aria-label={t('kiosk.pinPad')} className="grid grid-cols-3 gap-3">
        {KEYS.map((digit) => (
          <button key={digit} type="button" className={keyClasses} disabled={busy} onClick={() => add(digit)}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className={cn(keyClasses, 'text-base sm:text-lg')}
          disabled={busy}
          onClick={() => setPin('')}
        >
          {t('kiosk.clearPin')}
        </button>
        <button type="button" className={keyClasses} disabled={busy} onClick={() => add('0')}>
          0
        </button>
        <button
          type="button"
          className={keyClasses}
          disabled={busy}
          aria-label={t('kiosk.deleteDigit')}
          onClick={() => setPin((p) => p.slice(0, -1))}
        >
          <Delete aria-hidden className="size-8" />
        </button>
      </div>
      <Button
        type="submit"
        size="lg"
        variant={member.clockedIn ? 'destructive' : 'primary'}
        className="min-h-16 text-xl"
        disabled={!valid}
        busy={busy}
        busyLabel={t('kiosk.sending')}
      >
        {member.clockedIn ? t('kiosk.clockOut') : t('kiosk.clockIn')}
      </Button>
      <Button type="button" variant="ghost" size="lg" onClick={onBack} disabled={busy}>
        {t('kiosk.back')}
      </Button>
    </form>
  )
}
