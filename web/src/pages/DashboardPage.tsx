import { Link } from 'react-router-dom'
import { UserRound } from 'lucide-react'
import { roleLabel } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'

export function DashboardPage() {
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title="Dashboard" />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
        <Badge variant="secondary" aria-label={`Your role: ${roleLabel[user.role]}`}>
          {roleLabel[user.role]}
        </Badge>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Welcome, {user.firstName || 'there'}</CardTitle>
          <CardDescription>
            {user.role === 'supervisor'
              ? 'You are signed in as a supervisor of your organization.'
              : 'You are signed in to your organization’s timesheets.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/profile">
              <UserRound aria-hidden /> View your profile
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
