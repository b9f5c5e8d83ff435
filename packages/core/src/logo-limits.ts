/** A logo's limits and the texts of its refusals (the checks of its bytes are logo.ts's). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const SVG_MAX_BYTES = 512 * 1024

export const logoMessages = {
  tooLarge: { title: 'File too large', description: 'Please select an image under 2MB' },
  svgTooLarge: { title: 'File too large', description: 'Please select an SVG under 512KB' },
  notImage: { title: 'Invalid file type', description: 'Please select an image file' },
  unsafeSvg: {
    title: 'Invalid file type',
    description: 'This SVG contains scripts or external references and cannot be used as a logo',
  },
} as const

/**
 * A logo sent as the file itself, a base64 data URL (spec section 5: "the uploaded logo is sent as
 * an embedded data string"); its bytes are checked and stored by the server, which keeps the path.
 */
export const LOGO_DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/]+={0,2})$/
/** A data URL long enough to hold more than LOGO_MAX_BYTES is refused before it is decoded. */
export const LOGO_DATA_URL_MAX = Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 200
/** Why a data URL cannot be a logo before its bytes are read, or undefined. */
export const logoDataUrlProblem = (s: string): string | undefined => {
  if (s.length > LOGO_DATA_URL_MAX) return logoMessages.tooLarge.description
  return LOGO_DATA_URL.test(s) ? undefined : logoMessages.notImage.description
}
