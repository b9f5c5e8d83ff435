import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { fullName, type User } from '@app/core'
import { useResetPassword } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { useFocusHandoff } from '../../lib/focus-handoff.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogActions, DialogClose, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { CredentialsView } from './CredentialsView.tsx'
import { staffLoginUrl } from './login-instructions.ts'
import { closeWhenIdle } from './close-when-idle.ts'

/**
 * Asks before giving `member` (null: closed) a new generated password, then shows it this once
 * with copy buttons, as Add Member does. The member's sessions end on the server.
 */
export function ResetPasswordDialog({ member, onClose }: { member: User | null; onClose: () => void }) {
  const { t } = useTranslation('supervisor')
  const reset = useResetPassword()
  const credentials = reset.data?.temporaryCredentials
  // The question's buttons go as the new login takes their place: the focus goes to its title.
  const handOff = useFocusHandoff()
  const doneTitle = useRef<HTMLHeadingElement>(null)

  const confirm = () => {
    if (!member) return
    handOff(() => doneTitle.current)
    reset.mutate(member.id, {
      onSuccess: ({ temporaryCredentials: c }) =>
        toast({
          title: t('members.success'),
          description: t('members.reset.done', c),
          duration: 10_000,
        }),
      onError: (error) => toastFailure(t('members.error'), error, t('members.reset.failed')),
    })
  }

  return (
    <Dialog open={member !== null} onOpenChange={closeWhenIdle(reset, onClose)}>
      {member ? (
        <DialogContent role={credentials ? 'dialog' : 'alertdialog'}>
          {credentials ? (
            <>
              <DialogHeading titleRef={doneTitle} title={t('members.reset.doneTitle')}>
                {t('members.reset.signsInAt', { name: fullName(member), url: staffLoginUrl(window.location.origin) })}
              </DialogHeading>
              <CredentialsView credentials={credentials} firstName={member.firstName} testIdPrefix="reset" />
              <DialogFooter>
                <DialogClose asChild>
                  <Button>{t('members.done')}</Button>
                </DialogClose>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeading title={t('members.reset.title')}>
                {member.username
                  ? t('members.reset.introWithUsername', { name: fullName(member), username: member.username })
                  : t('members.reset.intro', { name: fullName(member) })}
              </DialogHeading>
              <DialogActions
                onClick={confirm}
                pending={reset.isPending}
                label={t('members.reset.confirm')}
                busyLabel={t('members.reset.resetting')}
              />
            </>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
