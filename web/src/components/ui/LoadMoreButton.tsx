import i18next from 'i18next'
import { Button } from './Button.tsx'

/** What a paged list's query offers for its next page (TanStack Query's infinite query). */
interface PagedList {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** Under a paged list while it has more: asks for the next page, busy while it loads. */
export function LoadMoreButton({
  list,
  label,
  busyLabel = i18next.t('common:loading'),
}: {
  list: PagedList
  label: string
  busyLabel?: string
}) {
  if (!list.hasNextPage) return null
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void list.fetchNextPage()}
        busy={list.isFetchingNextPage}
        busyLabel={busyLabel}
      >
        {label}
      </Button>
    </div>
  )
}
