import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes'
import { LOGO_MAX_BYTES, logoMessages, SVG_MAX_BYTES } from './logo-limits.ts'

/**
 * Logo checks by content, not by name or declared type (DESIGN.md section 5): PNG, JPEG, WebP,
 * or an SVG with no script, event handler or external reference, under 2 MB (an SVG under 512 KB:
 * a logo drawing is a few kilobytes, and the check reads all of it). The limits and texts are in
 * logo-limits.ts, without the XML parser, for the schemas every route loads.
 */

export type LogoType = { mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml'; ext: string }

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)

/** The image type the bytes really are, or undefined. */
export const sniffImage = (bytes: Uint8Array): LogoType | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { mime: 'image/webp', ext: 'webp' }
  }
  // TextDecoder drops a byte-order mark.
  const head = new TextDecoder().decode(bytes.subarray(0, 1024))
  // A comment may not run past its own end ('-->'), so no input can make this backtrack.
  if (
    /^\s*(<\?xml[^>]*>\s*)?(<!--(?:[^-]|-(?!->))*-->\s*)*(<!DOCTYPE svg(\s*\[[^\]]*\])?[^>]*>\s*)?<svg[\s/>]/i.test(
      head,
    )
  ) {
    return { mime: 'image/svg+xml', ext: 'svg' }
  }
  return undefined
}

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'
const XML_NS = 'http://www.w3.org/XML/1998/namespace'
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'

/**
 * Static drawing only: no script, foreignObject, iframe or animation (an animation can set an
 * href to a script URL). Elements are matched by namespace and local name as the XML parser
 * resolves them, so whatever prefix spells them (`x:script`, `é:script`) they are what they are.
 */
const SVG_ELEMENTS = new Set(
  (
    'svg g defs desc title metadata symbol use switch a style path rect circle ellipse line polyline polygon ' +
    'text tspan textPath linearGradient radialGradient stop pattern clipPath mask marker image filter ' +
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting ' +
    'feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR ' +
    'feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting ' +
    'feSpotLight feTile feTurbulence'
  ).split(' '),
)

/** Geometry, presentation and filter attributes. No event handler (on*) is among them. */
const SVG_ATTRIBUTES = new Set(
  (
    'id class style lang tabindex role focusable version baseProfile viewBox preserveAspectRatio ' +
    'x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points pathLength transform href ' +
    'fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit ' +
    'stroke-dasharray stroke-dashoffset stroke-opacity opacity color display visibility overflow ' +
    'clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits filter filterUnits primitiveUnits ' +
    'gradientUnits gradientTransform spreadMethod offset stop-color stop-opacity patternUnits ' +
    'patternContentUnits patternTransform marker-start marker-mid marker-end markerWidth markerHeight ' +
    'markerUnits orient refX refY font-family font-size font-size-adjust font-weight font-style font-variant ' +
    'font-stretch text-anchor dominant-baseline alignment-baseline baseline-shift letter-spacing ' +
    'word-spacing text-decoration writing-mode direction unicode-bidi dx dy rotate textLength lengthAdjust ' +
    'startOffset method spacing side in in2 result stdDeviation mode operator k1 k2 k3 k4 type values ' +
    'tableValues slope intercept amplitude exponent kernelMatrix order divisor bias targetX targetY ' +
    'edgeMode preserveAlpha surfaceScale diffuseConstant specularConstant specularExponent ' +
    'kernelUnitLength scale xChannelSelector yChannelSelector flood-color flood-opacity lighting-color ' +
    'radius azimuth elevation pointsAtX pointsAtY pointsAtZ z limitingConeAngle baseFrequency numOctaves ' +
    'seed stitchTiles isolation mix-blend-mode paint-order vector-effect shape-rendering text-rendering ' +
    'image-rendering color-interpolation color-interpolation-filters color-rendering enable-background ' +
    'systemLanguage media aria-label aria-labelledby aria-describedby aria-hidden'
  ).split(' '),
)

/** Drawing programs keep their own data in these namespaces; a browser ignores it. */
const EDITOR_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://www.bohemiancoding.com/sketch/ns',
])

/** Browsers ignore spaces and control characters around and inside a URL's scheme. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const compact = (value: string) => value.replace(/[\u0000-\u0020]/g, '')

/** A link may point inside the file (#id) or embed a bitmap; nothing is fetched from elsewhere. */
const safeLink = (value: string) =>
  /^#/.test(compact(value)) || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(compact(value))

/**
 * CSS, in a style attribute, a <style> element or a presentation attribute: url() only to #id,
 * no @import, no escapes (which could spell either), no legacy script hooks.
 */
const safeCss = (css: string) => {
  const text = compact(css).toLowerCase()
  if (/\\|@import|expression\(|-moz-binding|behavior:|javascript:|image-set\(/.test(text)) return false
  return [...text.matchAll(/url\(/g)].every((m) => /^url\(["']?#/.test(text.slice(m.index)))
}

const safeAttribute = (a: SaxesAttributeNS) => {
  if (a.uri === XMLNS_NS || EDITOR_NAMESPACES.has(a.uri)) return true
  if (a.uri === XML_NS) return a.local === 'space' || a.local === 'lang'
  if (!safeCss(a.value)) return false
  if (a.local === 'href') return (a.uri === '' || a.uri === XLINK_NS) && safeLink(a.value)
  return a.uri === '' && (SVG_ATTRIBUTES.has(a.local) || /^data-[\w-]+$/.test(a.local))
}

const safeElement = (tag: SaxesTagNS) =>
  EDITOR_NAMESPACES.has(tag.uri) ||
  ((tag.uri === SVG_NS || tag.uri === '') &&
    SVG_ELEMENTS.has(tag.local) &&
    Object.values(tag.attributes).every(safeAttribute))

class Unsafe extends Error {}

/**
 * Whether an SVG is a static drawing, judged by a strict XML parser (linear time, so no input can
 * make it slow) and allowlists of elements and attributes. A file that is not well-formed XML,
 * declares entities or carries a processing instruction such as xml-stylesheet is refused.
 */
export const isSafeSvg = (text: string): boolean => {
  const parser = new SaxesParser({ xmlns: true })
  const open: string[] = []
  const refuse = () => {
    throw new Unsafe()
  }
  const styleText = (css: string) => {
    if (open.at(-1) === 'style' && !safeCss(css)) refuse()
  }
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) refuse()
  })
  parser.on('processinginstruction', refuse)
  parser.on('opentag', (tag) => {
    if (open.length === 0 && !(tag.local === 'svg' && (tag.uri === SVG_NS || tag.uri === ''))) refuse()
    if (!safeElement(tag)) refuse()
    open.push(tag.local)
  })
  parser.on('closetag', () => open.pop())
  parser.on('text', styleText)
  parser.on('cdata', styleText)
  try {
    parser.write(text).close()
    return true
  } catch {
    // Unsafe, or not well-formed XML (saxes throws on the first error).
    return false
  }
}

export type LogoCheck = { ok: true; type: LogoType } | { ok: false; problem: keyof typeof logoMessages }

export const checkLogo = (bytes: Uint8Array): LogoCheck => {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, problem: 'tooLarge' }
  const type = sniffImage(bytes)
  if (!type) return { ok: false, problem: 'notImage' }
  if (type.mime === 'image/svg+xml') {
    if (bytes.length > SVG_MAX_BYTES) return { ok: false, problem: 'svgTooLarge' }
    if (!isSafeSvg(new TextDecoder().decode(bytes))) return { ok: false, problem: 'unsafeSvg' }
  }
  return { ok: true, type }
}
