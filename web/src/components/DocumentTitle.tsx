import { PRODUCT_NAME } from '../lib/product.ts'

/** The browser tab's title for a page (React 19 hoists <title> into the document head). */
export const DocumentTitle = ({ title }: { title?: string }) => (
  <title>{title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME}</title>
)
