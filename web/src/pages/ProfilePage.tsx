import type { ReactNode } from 'react'
import { Building2, CalendarDays, Mail, ShieldCheck, Users, type LucideIcon } from 'lucide-react'
import { fullName, type AuthType, type Role } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { Card, CardContent } from '../components/ui/Card.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { UserAvatar } from '../components/UserAvatar.tsx'
import { formatDate, zoneOr } from '../lib/format.ts'
import { cn } from '../lib/cn.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { IconCard } from '../components/ui/IconCard.tsx'
import { MyNotificationsCard } from '../components/notifications/MyNotificationsCard.tsx'

/** The profile's own wording (spec section 2): employees show as 'Employee' here, not 'Staff Member'. */
const roleBadge: Record<Role, string> = { supervisor: 'Supervisor', employee: 'Employee', volunteer: 'Volunteer' }
const authTypeLabel: Record<AuthType, string> = { oidc: 'External Provider Account', local: 'Local Account' }

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-all text-slate-900 sm:text-right">{children}</dd>
    </div>
  )
}

export function ProfilePage() {
  const { user } = useAuth()
  const organization = useOrganizationSettings()
  const timeZone = zoneOr(organization.data?.timeZone)
  if (!user) return <PageLoading />
  const name = fullName(user)
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title="Profile" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile</h1>

      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:flex-row sm:items-start sm:pt-6 sm:text-left">
          <UserAvatar user={user} className="size-20 text-2xl" />
          <div className="min-w-0 space-y-2">
            <h2 className="text-xl font-semibold break-words text-slate-900">{name}</h2>
            <Badge variant={user.role === 'supervisor' ? 'default' : 'secondary'}>{roleBadge[user.role]}</Badge>
            <ul className="space-y-1 text-sm text-slate-700">
              {user.email ? (
                <ProfileDetail icon={Mail} label="Email" className="break-all">
                  {user.email}
                </ProfileDetail>
              ) : null}
              {user.department ? (
                <ProfileDetail icon={Users} label="Department">
                  {user.department}
                </ProfileDetail>
              ) : null}
              <ProfileDetail icon={CalendarDays}>
                Member since {formatDate(user.createdAt, 'long', '-', timeZone)}
              </ProfileDetail>
            </ul>
          </div>
        </CardContent>
      </Card>

      <IconCard icon={ShieldCheck} title="Account Details">
        <dl className="divide-y divide-slate-100">
          <Detail label="Account ID">{user.id}</Detail>
          {user.username ? <Detail label="Username">{user.username}</Detail> : null}
          <Detail label="Authentication Type">{authTypeLabel[user.authType]}</Detail>
          <Detail label="Last Updated">{formatDate(user.updatedAt, 'long', '-', timeZone)}</Detail>
        </dl>
      </IconCard>

      <IconCard icon={Building2} title="Organization">
        <dl className="divide-y divide-slate-100">
          {organization.data?.organizationName ? (
            <Detail label="Name">{organization.data.organizationName}</Detail>
          ) : null}
          <Detail label="Organization ID">{user.organizationId}</Detail>
        </dl>
      </IconCard>

      <MyNotificationsCard role={user.role} />
    </div>
  )
}

/** A line of the profile card: an icon, and for screen readers the name of what it shows. */
function ProfileDetail({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon
  label?: string
  className?: string
  children: ReactNode
}) {
  return (
    <li className={cn('flex items-center justify-center gap-2 sm:justify-start', className)}>
      <Icon className="size-4 shrink-0 text-slate-500" aria-hidden />
      {label ? <span className="sr-only">{label}: </span> : null}
      {children}
    </li>
  )
}
