import { NavLink, Link, useLocation } from 'react-router-dom'
import { Menu } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { User } from '@app/core'
import { useOrganizationSettings } from '../api/organization.ts'
import { cn } from '../lib/cn.ts'
import { PRODUCT_LOGO_URL, PRODUCT_NAME } from '../lib/product.ts'
import { HomeLink } from './HomeLink.tsx'
import { UserMenu } from './UserMenu.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/DropdownMenu.tsx'

/** The pages of the navigation, by their key in the common catalogue (nav.{key}). */
const navItems = (user: User) => [
  { to: '/', key: 'dashboard' },
  ...(user.role === 'supervisor'
    ? [
        { to: '/employees', key: 'employees' },
        { to: '/reports', key: 'reports' },
        { to: '/settings', key: 'settings' },
        { to: '/payroll', key: 'payroll' },
        { to: '/activity', key: 'activity' },
      ]
    : []),
  // Every member asks for time off; a supervisor also decides it there.
  { to: '/time-off', key: 'timeOff' },
]

/** Whether `to` is the page shown: the dashboard at / alone, any other also under it (/settings/payroll). */
const isCurrent = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)

// One line each: 'Time off' wrapped under itself at 1280 px.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
    isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  )

/**
 * Below a wide desktop (1280 px) the seven links of a supervisor do not fit on one line beside the
 * organization's name and the user menu: a menu button (WAI-ARIA menu button pattern, Radix) opens
 * them, the current page marked for screen readers with aria-current.
 */
function NavMenu({ items }: { items: { to: string; key: string }[] }) {
  const { t } = useTranslation('common')
  const { pathname } = useLocation()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none xl:hidden">
        <Menu className="size-5 shrink-0" aria-hidden />
        {t('nav.menu')}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((item) => {
          const current = isCurrent(pathname, item.to)
          return (
            <DropdownMenuItem
              key={item.to}
              asChild
              className={current ? 'bg-indigo-50 font-medium text-indigo-900' : ''}
            >
              <Link to={item.to} aria-current={current ? 'page' : undefined}>
                {t(`nav.${item.key}`)}
              </Link>
            </DropdownMenuItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** Spec section 2: logo, organization name, 'Virtual Executive Pastor', navigation and the user menu. */
export function AppHeader({ user }: { user: User }) {
  const { t } = useTranslation('common')
  const settings = useOrganizationSettings()
  const organizationName = settings.data?.organizationName || PRODUCT_NAME
  const logo = settings.data?.logoUrl || PRODUCT_LOGO_URL
  const items = navItems(user)
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2">
        <HomeLink
          logo={logo}
          size={40}
          className="min-w-0 flex-1 gap-3 xl:flex-initial"
          logoClassName="size-10 shrink-0 rounded-md object-contain"
        >
          <span className="min-w-0">
            {/* Two lines before an ellipsis, at every width: the name gives way to the links and the
                user menu, and the whole of it stays in the text and the title. */}
            <span className="line-clamp-2 font-semibold break-words text-slate-900" title={organizationName}>
              {organizationName}
            </span>
            {/* Wraps at its spaces rather than being cut: 'Virtual Executive Pastor' is the product's whole name for the role. */}
            <span className="block text-xs leading-tight text-slate-600">{t('header.subtitle')}</span>
          </span>
        </HomeLink>
        {/* One line of links, never narrower than they are: the organization's name gives way
            instead. Where they do not fit (below xl) the menu button holds them. */}
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 xl:flex xl:flex-1">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navLinkClass}>
              {t(`nav.${item.key}`)}
            </NavLink>
          ))}
        </nav>
        {items.length > 1 ? <NavMenu items={items} /> : null}
        <UserMenu user={user} />
      </div>
    </header>
  )
}
