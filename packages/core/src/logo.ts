/**
 * Logo checks by content, not by name or declared type (DESIGN.md section 5): PNG, JPEG, WebP,
 * or an SVG with no script, event handler or external reference, under 2 MB.
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024

export const logoMessages = {
  tooLarge: { title: 'File too large', description: 'Please select an image under 2MB' },
  notImage: { title: 'Invalid file type', description: 'Please select an image file' },
  unsafeSvg: {
    title: 'Invalid file type',
    description: 'This SVG contains scripts or external references and cannot be used as a logo',
  },
} as const

export type LogoType = { mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml'; ext: string }

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)

/** The image type the bytes really are, or undefined. */
export const sniffImage = (bytes: Uint8Array): LogoType | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { mime: 'image/webp', ext: 'webp' }
  }
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '')
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg(\s*\[[\s\S]*?\])?[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return { mime: 'image/svg+xml', ext: 'svg' }
  }
  return undefined
}

/** Character references decoded, so `&#106;avascript:` reads as what a browser would see. */
const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(
      /&(colon|tab|newline|lpar|rpar|sol);/gi,
      (_, name: string) =>
        ({ colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', sol: '/' })[name.toLowerCase()]!,
    )

/**
 * Anything in an SVG that could run script or fetch from elsewhere, looked for after decoding and
 * whatever namespace prefix an element or attribute carries. Links may only point inside the file (#id).
 */
const UNSAFE_SVG = [
  /<\s*([\w.-]+:)?(script|foreignObject|iframe|embed|object|audio|video|handler|listener)\b/i,
  /<\?xml-stylesheet/i,
  /<!ENTITY/i,
  /http:\/\/www\.w3\.org\/1999\/xhtml/i,
  /[\s"'/:]on[a-z]+\s*=/i,
  /\battributeName\s*=\s*["']?\s*(on|([\w.-]+:)?href)/i,
  /\b([\w.-]+:)?(href|src)\s*=\s*(?!["']?\s*#)/i,
  /url\(\s*["']?\s*(?!#)/i,
  /@import/i,
]
/** Checked with every space and control character removed: `java\tscript:` is still a script URL. */
const UNSAFE_COMPACT = [/javascript:/i, /vbscript:/i, /data:text\/html/i]

export const isSafeSvg = (text: string) => {
  const decoded = decodeEntities(text)
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const compact = decoded.replace(/[\u0000-\u0020]+/g, '')
  return !UNSAFE_SVG.some((re) => re.test(decoded)) && !UNSAFE_COMPACT.some((re) => re.test(compact))
}

export type LogoCheck = { ok: true; type: LogoType } | { ok: false; problem: keyof typeof logoMessages }

export const checkLogo = (bytes: Uint8Array): LogoCheck => {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: 'tooLarge' }
  const type = sniffImage(bytes)
  if (!type) return { ok: false, problem: 'notImage' }
  if (type.mime === 'image/svg+xml' && !isSafeSvg(new TextDecoder().decode(bytes)))
    return { ok: false, problem: 'unsafeSvg' }
  return { ok: true, type }
}
