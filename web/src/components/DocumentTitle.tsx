import { useEffect } from 'react'
import { PRODUCT_NAME } from '../lib/product.ts'

/** Sets the browser tab's title while the page is shown. */
export function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME
  }, [title])
  return null
}
