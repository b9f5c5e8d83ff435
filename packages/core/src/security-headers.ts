/**
 * Response headers for every page and API answer, served by CloudFront in AWS and by the local
 * server here, so both behave the same. Images may come from our buckets (https: and data: for
 * previews); nothing may frame the app.
 */
export const contentSecurityPolicy = (extraConnect: string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http://127.0.0.1:*",
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
