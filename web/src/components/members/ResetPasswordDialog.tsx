import { fullName, type User } from '@app/core'
import { useResetPassword } from '../../api/members.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog, DialogCancel, DialogClose, DialogContent, DialogFooter, DialogHeading } from '../ui/Dialog.tsx'
import { CredentialsView } from './CredentialsView.tsx'
import { staffLoginUrl } from './login-instructions.ts'
import { closeWhenIdle } from './close-when-idle.ts'

export const RESET_PASSWORD_FAILED = 'Failed to reset password'

/**
 * Asks before giving `member` (null: closed) a new generated password, then shows it this once
 * with copy buttons, as Add Member does. The member's sessions end on the server.
 */
export function ResetPasswordDialog({ member, onClose }: { member: User | null; onClose: () => void }) {
  const reset = useResetPassword()
  const credentials = reset.data?.temporaryCredentials

  const confirm = () => {
    if (!member) return
    reset.mutate(member.id, {
      onSuccess: ({ temporaryCredentials: c }) =>
        toast({
          title: 'Success',
          description: `Password reset! Username: ${c.username}, Password: ${c.password}`,
          duration: 10_000,
        }),
      onError: (error) => toastFailure('Error', error, RESET_PASSWORD_FAILED),
    })
  }

  return (
    <Dialog open={member !== null} onOpenChange={closeWhenIdle(reset, onClose)}>
      {member ? (
        <DialogContent role={credentials ? 'dialog' : 'alertdialog'}>
          {credentials ? (
            <>
              <DialogHeading title="Password Reset">
                {fullName(member)} now signs in at {staffLoginUrl(window.location.origin)} with:
              </DialogHeading>
              <CredentialsView credentials={credentials} firstName={member.firstName} testIdPrefix="reset" />
              <DialogFooter>
                <DialogClose asChild>
                  <Button>Done</Button>
                </DialogClose>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeading title="Reset password?">
                A new password is generated for {fullName(member)}
                {member.username ? ` (username ${member.username})` : ''}. It is shown only once, here, and their old
                password stops working. They are signed out everywhere and sign in again with the new one.
              </DialogHeading>
              <DialogFooter>
                <DialogCancel disabled={reset.isPending} />
                <Button onClick={confirm} disabled={reset.isPending} busy={reset.isPending} busyLabel="Resetting...">
                  Reset Password
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
