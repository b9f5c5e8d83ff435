/**
 * Response headers for every page and API answer, served by CloudFront in AWS and by the local
 * server here, so both behave the same. Scripts come only from our origin and Stripe (no inline
 * script); images may come from our buckets (https: and data: for previews); nothing may frame
 * the app. The local server adds its own emulators' addresses; the deployed policy names none.
 */
export const contentSecurityPolicy = (extraConnect: string[] = [], extraImg: string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...extraImg].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self' https://api.stripe.com", ...extraConnect].join(' '),
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')

export const securityHeaders = (csp = contentSecurityPolicy()): Record<string, string> => ({
  'content-security-policy': csp,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
})
