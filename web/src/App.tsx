import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router-dom'
import { Toaster } from './components/Toaster.tsx'
import { AppRoutes } from './router.tsx'
import { useAuth } from './api/auth.ts'
import { useUserLanguage } from './i18n.ts'

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UserLanguage />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  )
}

/** Once a member is signed in, the screens speak the language kept on their user. */
function UserLanguage() {
  useUserLanguage(useAuth().user?.language)
  return null
}
