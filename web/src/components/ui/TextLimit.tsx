import { useTranslation } from 'react-i18next'
import { textLimitState } from '@app/core'
import { FieldMessage } from './FieldMessage.tsx'

/**
 * A text field's limit, counted as the server's schema counts it (`TEXT_LIMITS` of
 * packages/core): from 80 % of it, '{n} characters left' under the field; past it, the field is
 * invalid and says by how much. Screen readers hear the counter with the field (aria-describedby)
 * and, politely, only when the field becomes nearly full or too long, not at every keystroke.
 *
 * Spread `control` on the input (it joins `describedBy`, the field's other descriptions) and
 * render `note` under it.
 */
export function useTextLimit(id: string, value: string, max: number, describedBy?: string) {
  const { t, i18n } = useTranslation('common')
  const { left, near, over } = textLimitState(value, max)
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n)
  const countId = `${id}-count`
  const overId = `${id}-too-long`
  const own = over ? overId : near ? countId : undefined
  const announcement = over
    ? t('textLimit.tooLongAnnounced', { max: number(max) })
    : near
      ? t('textLimit.nearAnnounced', { max: number(max) })
      : ''
  return {
    over,
    control: {
      'aria-invalid': over ? true : undefined,
      'aria-describedby': [describedBy, own].filter(Boolean).join(' ') || undefined,
    },
    note: (
      <>
        {over ? (
          <FieldMessage id={overId}>
            {t('textLimit.tooLong', { count: -left, n: number(-left), max: number(max) })}
          </FieldMessage>
        ) : near ? (
          <p id={countId} className="text-sm text-slate-600">
            {t('textLimit.left', { count: left, n: number(left) })}
          </p>
        ) : null}
        <span className="sr-only" aria-live="polite">
          {announcement}
        </span>
      </>
    ),
  }
}
