import { Link } from 'react-router-dom'
import { ChevronDown, LogOut, Settings, UserRound, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fullName, type User } from '@app/core'
import { LOGOUT_URL } from '../lib/browser.ts'
import { UserAvatar } from './UserAvatar.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/DropdownMenu.tsx'

/** Avatar and name; opens Profile, the supervisor pages and Sign Out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('common')
  const name = fullName(user)
  const isSupervisor = user.role === 'supervisor'
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex min-h-11 max-w-48 shrink-0 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none">
        {/* The name comes from the content, not an aria-label, so that it holds the visible name
            (WCAG 2.5.3); on a phone the name is for screen readers only. Its ellipsis is on an inner
            line: not-sr-only sets white-space back to normal, which undid a truncate beside it. */}
        <span className="sr-only">{t('userMenu.for')}</span>
        <UserAvatar user={user} />
        <span className="sr-only sm:not-sr-only sm:min-w-0">
          <span className="block truncate" title={name}>
            {name}
          </span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          {user.email ? <span className="block truncate text-slate-600">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden /> {t('userMenu.profile')}
          </Link>
        </DropdownMenuItem>
        {isSupervisor ? (
          <>
            <DropdownMenuItem asChild>
              <Link to="/employees">
                <Users aria-hidden /> {t('nav.employees')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/settings">
                <Settings aria-hidden /> {t('nav.settings')}
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* A full browser navigation: the API ends the session and redirects to /. */}
          <a href={LOGOUT_URL}>
            <LogOut aria-hidden /> {t('userMenu.signOut')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
