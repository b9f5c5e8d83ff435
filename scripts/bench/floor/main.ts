import { createElement as h, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import i18next from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { twMerge } from 'tailwind-merge'

/**
 * The floor under the staff app's warm start (warm-floor.ts): a page that shows an enabled Clock In
 * with React DOM alone (`react`), or with the libraries the package list names each doing what the
 * first screen asks of it (`libs`): a text from a catalogue, one read, a route, merged classes and
 * a day in the organization's zone.
 */
declare const FLOOR: 'react' | 'libs'

const root = createRoot(document.getElementById('root')!)

function Page() {
  const { t } = useTranslation('staff')
  const today = useQuery({
    queryKey: ['today'],
    queryFn: async () =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long' }).format(new Date()),
  })
  return h(
    'button',
    { type: 'button', className: twMerge('px-2 py-1 px-4'), disabled: !today.data },
    t('clockIn', { day: today.data ?? '' }),
  )
}

if (FLOOR === 'react') {
  root.render(h(StrictMode, null, h('button', { type: 'button' }, 'Clock In')))
} else {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    ns: ['staff'],
    defaultNS: 'staff',
    resources: { en: { staff: { clockIn: 'Clock In {{day}}' } } },
  })
  const client = new QueryClient()
  const router = createBrowserRouter([{ path: '/', Component: Page }])
  root.render(h(StrictMode, null, h(QueryClientProvider, { client }, h(RouterProvider, { router }))))
}
void navigator.serviceWorker.register('/sw.js')
