import { useEffect } from 'react'
import { LogIn } from 'lucide-react'
import { useAuth } from '../api/auth.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/Card.tsx'
import { signInAgain } from '../lib/unauthorized.ts'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/**
 * /submit-timesheet for a signed-out visitor (spec section 2): the 'Unauthorized' toast, then
 * /staff-login after 500 ms. Nothing happens until the session check has answered: a signed-in
 * member's visit is shown this route only while that check runs, and then gets the real page.
 */
export function SignedOutTimesheetPage() {
  const { isLoading } = useAuth()

  useEffect(() => {
    if (!isLoading) signInAgain()
  }, [isLoading])

  if (isLoading) return <PageLoading />
  return (
    <div className="flex justify-center px-4 py-12">
      <DocumentTitle title="Staff Login" />
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <LogIn className="size-10 text-indigo-600" aria-hidden />
          <h1 className="text-2xl font-semibold text-slate-900">Please sign in</h1>
          <CardDescription>Sign in with your staff login to fill in your weekly timesheet.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700" role="status">
            Taking you to Staff Login...
          </p>
          <LinkButton to="/staff-login" size="lg" className="w-full">
            Staff Login
          </LinkButton>
        </CardContent>
      </Card>
    </div>
  )
}
