/** Control characters, any whitespace and backslashes: browsers drop or rewrite them, so `/\t/evil` can become `//evil`. */
const UNSAFE = /[\s\\\p{Cc}]/u

/**
 * Only a path of the app's own origin may be returned to after sign-in (no open redirects):
 * the value must be a path, free of characters a browser would rewrite, and resolve to `origin`.
 */
export const safeReturnTo = (value: string | undefined, origin: string): string => {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return '/'
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return '/'
  }
  if (url.origin !== new URL(origin).origin) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
