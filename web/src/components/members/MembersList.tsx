import { useState } from 'react'
import { Mail, Pencil, RotateCcwKey, Trash2, Users } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { fullName, wholeChurch, type Role, type User } from '@app/core'
import { useAuth } from '../../api/auth.ts'
import { errorMessage } from '../../api/client.ts'
import { useMembers } from '../../api/members.ts'
import { useOrganizationSettings } from '../../api/organization.ts'
import { toast } from '../../lib/toast.ts'
import { Badge, type BadgeProps } from '../ui/Badge.tsx'
import { UserAvatar } from '../UserAvatar.tsx'
import { copyText } from './clipboard.ts'
import { loginInstructions } from './login-instructions.ts'
import { EditMemberDialog } from './EditMemberDialog.tsx'
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx'
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx'
import { UnconfirmedEmail } from './UnconfirmedEmail.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { TableHead } from '../ui/Table.tsx'
import { IconButton } from '../ui/IconButton.tsx'
import { MemberName } from '../ui/MemberName.tsx'

const roleVariant: Record<Role, BadgeProps['variant']> = {
  supervisor: 'default',
  employee: 'secondary',
  volunteer: 'warning',
}

function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('supervisor')
  return <Badge variant={roleVariant[role]}>{t(`roles.${role}`)}</Badge>
}
function StatusBadge() {
  const { t } = useTranslation('supervisor')
  return <Badge variant="success">{t('members.list.active')}</Badge>
}

/** A member with no approver (their weeks go to every supervisor), when another supervisor could be one. */
function NoApproverBadge({ member, list }: { member: User; list: readonly User[] }) {
  const { t } = useTranslation('supervisor')
  const couldHaveOne = list.some((m) => m.role === 'supervisor' && m.id !== member.id)
  if (member.supervisorId || !couldHaveOne) return null
  return (
    <Badge variant="warning" title={t('members.list.noApproverHint')}>
      {t('members.list.noApprover')}
    </Badge>
  )
}

interface RowActionsProps {
  member: User
  isSelf: boolean
  /** Whether Remove is offered: never for oneself, nor for a supervisor to a campus admin (the server's 403). */
  removable: boolean
  onCopy: (member: User) => void
  onEdit: (member: User) => void
  onResetPassword: (member: User) => void
  onRemove: (member: User) => void
}

/** Only staff logins have a password we keep; members who use their own identity provider have none. */
const hasStaffLogin = (member: User) => member.authType === 'local' && Boolean(member.username)

function RowActions({ member, isSelf, removable, onCopy, onEdit, onResetPassword, onRemove }: RowActionsProps) {
  const { t } = useTranslation('supervisor')
  const name = fullName(member)
  return (
    <div className="flex items-center justify-end gap-1">
      <IconButton
        icon={Pencil}
        label={t('members.list.editLabel', { name })}
        title={t('members.list.edit')}
        onClick={() => onEdit(member)}
      />
      <IconButton
        icon={Mail}
        label={t('members.list.copyLabel', { name })}
        title={t('members.list.copy')}
        onClick={() => onCopy(member)}
      />
      {!isSelf && hasStaffLogin(member) ? (
        <IconButton
          icon={RotateCcwKey}
          label={t('members.list.resetLabel', { name })}
          title={t('members.list.reset')}
          onClick={() => onResetPassword(member)}
        />
      ) : null}
      {removable ? (
        <IconButton
          icon={Trash2}
          label={t('members.list.removeLabel', { name })}
          title={t('members.list.remove')}
          tone="red"
          onClick={() => onRemove(member)}
        />
      ) : null}
    </div>
  )
}

const NameCell = ({ member, isSelf }: { member: User; isSelf: boolean }) => (
  <div className="flex min-w-0 items-center gap-3">
    <UserAvatar user={member} />
    <span className="min-w-0 font-medium text-slate-900">
      <MemberName name={fullName(member)} className="inline" />
      {isSelf ? (
        <span className="ml-1 text-sm font-normal text-slate-500">{i18next.t('supervisor:members.list.you')}</span>
      ) : null}
    </span>
  </div>
)

/** The members table (stacked cards on a phone), its states, and the row actions. */
export function MembersList({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation('supervisor')
  const members = useMembers()
  const organization = useOrganizationSettings()
  // Supervisors are the whole church's to remove: a campus admin is not offered it.
  const { user } = useAuth()
  const removesSupervisors = !user || wholeChurch(user)
  const [removing, setRemoving] = useState<User | null>(null)
  const [resetting, setResetting] = useState<User | null>(null)
  const [editing, setEditing] = useState<User | null>(null)

  const copyInstructions = async (member: User) => {
    const text = loginInstructions(member, window.location.origin, organization.data?.organizationName)
    if (await copyText(text)) {
      toast({
        title: t('members.list.copiedTitle'),
        description: t('members.list.copied', { name: fullName(member) }),
      })
    } else {
      toast({
        title: t('members.list.copyFailedTitle'),
        description: t('members.list.copyFailed'),
        variant: 'destructive',
      })
    }
  }

  if (members.isLoading) {
    return <LoadingState label={t('members.list.loading')} rows={3} />
  }

  if (members.isError) {
    return (
      <ErrorState
        message={errorMessage(members.error, t('members.list.loadError'))}
        onRetry={() => void members.refetch()}
      />
    )
  }

  const list = members.data ?? []
  if (list.length === 0) {
    return (
      <EmptyState className="py-10" icon={Users} title={t('members.list.empty')} hint={t('members.list.emptyHint')} />
    )
  }

  const actions = (member: User) => (
    <RowActions
      member={member}
      isSelf={member.id === currentUserId}
      removable={member.id !== currentUserId && (removesSupervisors || member.role !== 'supervisor')}
      onCopy={(m) => void copyInstructions(m)}
      onEdit={setEditing}
      onResetPassword={setResetting}
      onRemove={setRemoving}
    />
  )

  return (
    <>
      {/* Phones: one card per member. */}
      <ul className="divide-y divide-slate-100 md:hidden" aria-label={t('members.listTitle')}>
        {list.map((member) => (
          <li key={member.id} className="space-y-2 py-3">
            <div className="flex items-start justify-between gap-2">
              <NameCell member={member} isSelf={member.id === currentUserId} />
              {actions(member)}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 pl-12 text-sm">
              <dt className="text-slate-500">{t('members.list.email')}</dt>
              <dd className="min-w-0 break-all text-slate-800">{member.email ?? '-'}</dd>
              <dt className="text-slate-500">{t('members.list.department')}</dt>
              <dd className="text-slate-800">{member.department ?? '-'}</dd>
              <dt className="sr-only">{t('members.list.roleAndStatus')}</dt>
              <dd className="col-span-2 flex flex-wrap gap-2 pt-1">
                <RoleBadge role={member.role} />
                <StatusBadge />
                <NoApproverBadge member={member} list={list} />
                <UnconfirmedEmail member={member} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>

      {/* Larger screens: the table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('members.listTitle')}</caption>
          <TableHead
            className="border-b border-slate-200 text-slate-600"
            cellClassName="px-3 py-2 font-medium"
            columns={[
              { label: t('members.list.name'), className: 'py-2 pr-3 font-medium' },
              t('members.list.email'),
              t('members.list.department'),
              t('members.list.role'),
              t('members.list.status'),
              { label: t('members.list.actions'), className: 'py-2 pl-3 text-right font-medium' },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {list.map((member) => (
              <tr key={member.id}>
                <td className="py-2 pr-3">
                  <NameCell member={member} isSelf={member.id === currentUserId} />
                </td>
                <td className="px-3 py-2 break-all text-slate-700">{member.email ?? '-'}</td>
                <td className="px-3 py-2 text-slate-700">{member.department ?? '-'}</td>
                <td className="px-3 py-2">
                  <RoleBadge role={member.role} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <StatusBadge />
                    <NoApproverBadge member={member} list={list} />
                    <UnconfirmedEmail member={member} />
                  </div>
                </td>
                <td className="py-2 pl-3">{actions(member)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <EditMemberDialog item={editing} onClose={() => setEditing(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
      <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />
    </>
  )
}
