import { CircleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '../components/ui/Card.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'

export function NotFoundPage() {
  const { t } = useTranslation('public')
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center bg-slate-50 px-4 py-12">
      <DocumentTitle title={t('notFound.title')} />
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="mb-4 flex items-center gap-2">
            <CircleAlert className="size-8 shrink-0 text-red-600" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900">{t('notFound.heading')}</h1>
          </div>
          <p className="text-sm text-slate-600">{t('notFound.hint')}</p>
        </CardContent>
      </Card>
    </div>
  )
}
