import { useTranslation } from 'react-i18next'
import { fullName, type User } from '@app/core'
import { useResendConfirmation } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'

/**
 * An address its owner has not confirmed: it gets the confirmation link now, and every other
 * email waits (up to 14 days) until it is confirmed. Resend sends the link again. Shown on the
 * member's row and in their Edit dialog.
 */
export function UnconfirmedEmail({ member }: { member: User }) {
  const { t } = useTranslation('supervisor')
  const resend = useResendConfirmation()
  if (!member.email || member.emailConfirmed) return null
  const send = () =>
    resend.mutate(member.id, {
      onSuccess: () =>
        toast({
          title: t('members.list.resentTitle'),
          description: t('members.list.resent', { email: member.email }),
        }),
      onError: (error) => toastFailure(t('members.list.resendFailedTitle'), error, t('members.list.resendFailed')),
    })
  return (
    <>
      <Badge variant="warning" title={t('members.list.unconfirmedHint')}>
        {t('members.list.unconfirmed')}
      </Badge>
      <Button
        variant="link"
        size="sm"
        className="px-1"
        busy={resend.isPending}
        aria-label={t('members.list.resendLabel', { name: fullName(member) })}
        onClick={send}
      >
        {t('members.list.resend')}
      </Button>
    </>
  )
}
