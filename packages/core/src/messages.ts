/** Texts the server answers with, shared with the web where it shows them (spec section 8). */
export const messages = {
  signedOut: 'Unauthorized',
  supervisorsOnly: 'Only supervisors can do this',
  staffLoginFailed: 'Invalid username or password',
  staffLoginLocked: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  csrf: 'This request must come from the app itself',
  jsonOnly: 'Requests must send JSON (Content-Type: application/json)',
  bodyRequired: 'This request needs a JSON body with the fields to save',
  billingNotConfigured: 'Billing is not configured',
  couponAttemptsExceeded: 'Too many coupon codes tried. Please wait an hour and try again.',
  demoReadOnly:
    'This is a read-only demo, so changes are not saved. Sign up to try everything with your own organization.',
} as const
