/** Only same-site paths may be returned to after sign-in (no open redirects). */
export const safeReturnTo = (value: string | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !/[\r\n]/.test(value)
    ? value
    : '/'
