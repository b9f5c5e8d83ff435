import { Suspense } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { HomeLink } from './HomeLink.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { PageLoading } from './PageLoading.tsx'
import { SkipLink } from './SkipLink.tsx'
import { PRODUCT_LOGO_URL, PRODUCT_NAME } from '../lib/product.ts'

/** The footer's links, by their text's key under layout in the public catalogue. */
const FOOTER_LINKS = [
  { to: '/auth-guide', text: 'signInGuide' },
  { to: '/staff-guide', text: 'staffGuide' },
  { to: '/pricing', text: 'pricing' },
] as const

/** The frame of the signed-out pages: a slim top bar with the product, the page, a footer. */
export function PublicLayout() {
  const { t } = useTranslation('public')
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <HomeLink logo={PRODUCT_LOGO_URL} size={32} className="gap-2 font-semibold" logoClassName="size-8">
            <span>{PRODUCT_NAME}</span>
          </HomeLink>
          <nav aria-label={t('layout.site')} className="flex items-center gap-1 text-sm">
            <Link
              to="/pricing"
              className="inline-flex min-h-11 items-center rounded-md px-3 font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
            >
              {t('layout.pricing')}
            </Link>
          </nav>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so a page arriving never moves it. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600">
          <p>© {PRODUCT_NAME}</p>
          <nav aria-label={t('layout.footer')} className="flex flex-wrap gap-4">
            {FOOTER_LINKS.map(({ to, text }) => (
              <Link key={to} className="inline-flex min-h-11 items-center hover:text-slate-900 hover:underline" to={to}>
                {t(`layout.${text}`)}
              </Link>
            ))}
          </nav>
          <LanguageSwitcher />
        </div>
      </footer>
    </div>
  )
}
