import { CircleAlert } from 'lucide-react'
import { Card, CardContent } from '../components/ui/Card.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center bg-slate-50 px-4 py-12">
      <DocumentTitle title="Page not found" />
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert className="size-8 shrink-0 text-red-600" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  )
}
