import { useId, type ReactNode } from 'react'
import { Building2, CalendarDays, Languages, Mail, ShieldCheck, Users, type LucideIcon } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { fullName, isLanguage, LANGUAGES, type CurrentUser, type Language, type SignInWay } from '@app/core'
import { useAuth, useUpdateLanguage } from '../api/auth.ts'
import { inputClasses } from '../components/ui/Input.tsx'
import { toast } from '../lib/toast.ts'
import { toastFailure } from '../lib/toast-failure.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { Card, CardContent } from '../components/ui/Card.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { UserAvatar } from '../components/UserAvatar.tsx'
import { formatDate, zoneOr } from '../lib/format.ts'
import { cn } from '../lib/cn.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { IconCard } from '../components/ui/IconCard.tsx'
import { FormField } from '../components/ui/FormField.tsx'
import { AwayCard } from '../components/approvals/AwayCard.tsx'
import { MyNotificationsCard } from '../components/notifications/MyNotificationsCard.tsx'
import { DescriptionItem } from '../components/ui/DescriptionItem.tsx'
import { OwnPinCard } from '../components/kiosk/OwnPinCard.tsx'
import { RememberedPhonesCard } from '../components/profile/RememberedPhonesCard.tsx'

/**
 * How the member signs in, as the server read it; from the stored type when the answer has none. A
 * supervisor a colleague added keeps a staff login (type 'local') and signs in with Supervisor Login
 * too, so the type alone would say 'Local Account' to someone who never typed a password.
 */
const signInWaysOf = (user: CurrentUser): SignInWay[] =>
  user.signInWays ??
  (user.authType === 'oidc' ? ['supervisorLogin'] : user.username ? ['staffLogin'] : ['supervisorLogin'])

/** On a phone the value goes under its name. */
const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <DescriptionItem
    look="row"
    className="flex-col items-stretch gap-0.5 py-3 sm:flex-row sm:gap-4"
    valueClassName="text-sm font-medium break-all sm:text-right"
    label={label}
  >
    {children}
  </DescriptionItem>
)

export function ProfilePage() {
  const { t } = useTranslation('staff')
  const { user } = useAuth()
  const organization = useOrganizationSettings()
  const timeZone = zoneOr(organization.data?.timeZone)
  if (!user) return <PageLoading />
  const name = fullName(user)
  const ways = signInWaysOf(user)
  const longDate = (date: string) => formatDate(date, 'long', '-', timeZone)
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title={t('profile.title')} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('profile.title')}</h1>

      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:flex-row sm:items-start sm:pt-6 sm:text-left">
          <UserAvatar user={user} className="size-20 text-2xl" />
          <div className="min-w-0 space-y-2">
            <h2 className="text-xl font-semibold break-words text-slate-900">{name}</h2>
            <Badge variant={user.role === 'supervisor' ? 'default' : 'secondary'}>
              {/* The profile's own wording (spec section 2): employees show as 'Employee' here, not 'Staff Member'. */}
              {t(`profile.role.${user.role}`)}
            </Badge>
            <ul className="space-y-1 text-sm text-slate-700">
              {user.email ? (
                <ProfileDetail icon={Mail} label={t('profile.email')} className="break-all">
                  {user.email}
                </ProfileDetail>
              ) : null}
              {user.department ? (
                <ProfileDetail icon={Users} label={t('profile.department')}>
                  {user.department}
                </ProfileDetail>
              ) : null}
              <ProfileDetail icon={CalendarDays}>
                {t('profile.memberSince', { date: longDate(user.createdAt) })}
              </ProfileDetail>
            </ul>
          </div>
        </CardContent>
      </Card>

      <IconCard icon={ShieldCheck} title={t('profile.accountDetails')}>
        <dl className="divide-y divide-slate-100">
          <Detail label={t('profile.accountId')}>{user.id}</Detail>
          {user.username ? <Detail label={t('profile.username')}>{user.username}</Detail> : null}
          <Detail label={t('profile.authTypeLabel')}>
            {t(`profile.authType.${ways.includes('supervisorLogin') ? 'oidc' : 'local'}`)}
          </Detail>
          <Detail label={t('profile.signInLabel')}>
            <ul>
              {ways.map((way) => (
                <li key={way}>
                  {way === 'supervisorLogin'
                    ? t('profile.signIn.supervisorLogin')
                    : user.username
                      ? t('profile.signIn.staffLogin', { username: user.username })
                      : t('profile.signIn.staffLoginNoUsername')}
                </li>
              ))}
            </ul>
          </Detail>
          <Detail label={t('profile.lastUpdated')}>{longDate(user.updatedAt)}</Detail>
        </dl>
      </IconCard>

      <IconCard icon={Building2} title={t('profile.organization')}>
        <dl className="divide-y divide-slate-100">
          {organization.data?.organizationName ? (
            <Detail label={t('profile.name')}>{organization.data.organizationName}</Detail>
          ) : null}
          <Detail label={t('profile.organizationId')}>{user.organizationId}</Detail>
        </dl>
      </IconCard>

      <LanguageCard language={user.language} />

      {user.demo ? null : <OwnPinCard />}

      {user.demo ? null : <RememberedPhonesCard />}

      {user.role === 'supervisor' && !user.demo ? <AwayCard user={user} /> : null}

      <MyNotificationsCard role={user.role} />
    </div>
  )
}

/**
 * The member's language, kept on their user (PATCH /api/auth/user) so their screens and emails
 * follow it on every device. The screens switch at once, and the toast already speaks the new language.
 */
function LanguageCard({ language }: { language: Language | undefined }) {
  const { t } = useTranslation('staff')
  const id = useId()
  const update = useUpdateLanguage()
  const choose = (next: Language) =>
    update.mutate(next, {
      onSuccess: async () => {
        await i18next.changeLanguage(next)
        toast({
          title: i18next.t('staff:profile.language.saved'),
          description: i18next.t('staff:profile.language.savedText'),
        })
      },
      onError: (error) => toastFailure(t('common:error'), error, t('profile.language.failed')),
    })
  return (
    <IconCard icon={Languages} title={t('profile.language.title')}>
      <FormField
        id={id}
        label={t('common:language.label')}
        labelClassName="text-slate-900"
        hint={t('profile.language.hint')}
      >
        <select
          id={id}
          value={language ?? i18next.language}
          disabled={update.isPending}
          onChange={(e) => isLanguage(e.target.value) && choose(e.target.value)}
          aria-describedby={`${id}-hint`}
          className={cn(inputClasses, 'min-h-11 sm:max-w-xs')}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`common:language.${l}`)}
            </option>
          ))}
        </select>
      </FormField>
    </IconCard>
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
