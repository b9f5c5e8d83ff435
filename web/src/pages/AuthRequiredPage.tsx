import { useEffect } from 'react'
import { Lock } from 'lucide-react'
import { browser, SUPERVISOR_LOGIN_URL } from '../lib/browser.ts'
import { CenteredCard } from '../components/CenteredCard.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

export const AUTH_REQUIRED_REDIRECT_MS = 3000

export function AuthRequiredPage() {
  useEffect(() => {
    const timer = setTimeout(() => browser.navigate(SUPERVISOR_LOGIN_URL), AUTH_REQUIRED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [])

  return (
    <CenteredCard
      icon={Lock}
      title="Authentication Required"
      description="You need to sign in to use subscription features."
    >
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
    </CenteredCard>
  )
}
