import { useEffect } from 'react'
import { Lock } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/Card.tsx'
import { browser, SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

export const AUTH_REQUIRED_REDIRECT_MS = 3000

export function AuthRequiredPage() {
  useEffect(() => {
    const timer = setTimeout(() => browser.navigate(SUPERVISOR_LOGIN_URL), AUTH_REQUIRED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [])

  return (
    <div className="flex justify-center px-4 py-12">
      <DocumentTitle title="Authentication Required" />
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Lock className="size-10 text-indigo-600" aria-hidden />
          <h1 className="text-2xl font-semibold text-slate-900">Authentication Required</h1>
          <CardDescription>You need to sign in to use subscription features.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700" role="status">
            Redirecting you to sign in in 3 seconds...
          </p>
          <div className="flex flex-col gap-3">
            <LinkButton href={SUPERVISOR_LOGIN_URL} size="lg">
              Sign In Now
            </LinkButton>
            <LinkButton to="/" size="lg" variant="outline">
              Back to Home
            </LinkButton>
          </div>
          <p className="text-xs text-slate-600">
            New here? Your account is created automatically the first time you sign in.
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
