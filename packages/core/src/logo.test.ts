import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkLogo, isSafeSvg, sniffImage } from './logo.ts'
import { LOGO_MAX_BYTES, SVG_MAX_BYTES } from './logo-limits.ts'

const xssVectors = readFileSync(new URL('./logo.svg-xss-vectors.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
const svgNs = 'xmlns="http://www.w3.org/2000/svg"'

const bytes = (s: string) => new TextEncoder().encode(s)
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

describe('checkLogo', () => {
  it('accepts PNG, JPEG, WebP and a plain SVG by their content', () => {
    expect(checkLogo(png)).toEqual({ ok: true, type: { mime: 'image/png', ext: 'png' } })
    expect(checkLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({
      ok: true,
      type: { mime: 'image/jpeg' },
    })
    expect(checkLogo(bytes('RIFF\0\0\0\0WEBPVP8 '))).toMatchObject({ ok: true, type: { mime: 'image/webp' } })
    expect(
      checkLogo(
        bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="url(#g)"/></svg>'),
      ),
    ).toMatchObject({
      ok: true,
      type: { mime: 'image/svg+xml' },
    })
  })

  it('refuses what is not an image, whatever its name would say', () => {
    expect(checkLogo(bytes('GIF89a'))).toEqual({ ok: false, problem: 'notImage' })
    expect(checkLogo(bytes('<html><script>alert(1)</script></html>'))).toEqual({ ok: false, problem: 'notImage' })
  })

  it('refuses SVGs that could run script or load from elsewhere', () => {
    for (const svg of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><image href="https://evil.example/x.png"/></svg>',
      '<svg><use xlink:href="http://evil.example/s.svg#a"/></svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<svg><style>@import url(https://evil.example/a.css)</style></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      // Found by the security suite: namespace prefixes, character references, animation, stylesheets.
      '<svg xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>',
      '<svg xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
      '<svg><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>',
      '<svg><a href="java&#9;script:alert(1)"><text>x</text></a></svg>',
      '<svg><a href="javascript&#58;alert(1)"><text>x</text></a></svg>',
      '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
      '<svg><rect style="fill:url(//evil.example/p.svg#x)"/></svg>',
      '<?xml-stylesheet type="text/css" href="//evil.example/x.css"?><svg></svg>',
      '<svg xmlns:x="http://www.w3.org/2000/svg"><x:image href="//evil.example/x.png"/></svg>',
    ]) {
      expect(checkLogo(bytes(svg)), svg).toEqual({ ok: false, problem: 'unsafeSvg' })
    }
  })

  it('accepts an image of exactly 2 MB, each type with its own extension', () => {
    const atCap = new Uint8Array(LOGO_MAX_BYTES)
    atCap.set(png)
    expect(checkLogo(atCap)).toEqual({ ok: true, type: { mime: 'image/png', ext: 'png' } })
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff]))).toEqual({ mime: 'image/jpeg', ext: 'jpg' })
    expect(sniffImage(bytes('RIFF\0\0\0\0WEBP'))).toEqual({ mime: 'image/webp', ext: 'webp' })
  })

  it('refuses anything of 2 MB or more', () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1)
    big.set(png)
    expect(checkLogo(big)).toEqual({ ok: false, problem: 'tooLarge' })
  })

  it('refuses every vector of the SVG XSS corpus', () => {
    expect(xssVectors.length).toBeGreaterThan(50)
    for (const svg of xssVectors) {
      expect(isSafeSvg(svg), svg).toBe(false)
      if (sniffImage(bytes(svg))) expect(checkLogo(bytes(svg)), svg).toEqual({ ok: false, problem: 'unsafeSvg' })
    }
  })

  it('accepts what drawing programs export: gradients, internal links, embedded bitmaps, styles, editor data', () => {
    for (const svg of [
      `<svg ${svgNs}/>`,
      `<svg><rect width="4" height="4"/></svg>`,
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${svgNs} xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
  xml:space="preserve" viewBox="0 0 100 100" width="100" height="100" inkscape:version="1.3">
  <sodipodi:namedview id="nv" pagecolor="#ffffff"/>
  <title>Grace Church</title>
  <defs>
    <linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#00f"/></linearGradient>
    <style><![CDATA[.cross{fill:url(#g);stroke:#000}]]></style>
    <path id="p" d="M10 10 H 90 V 90 H 10 Z"/>
  </defs>
  <use xlink:href="#p" class="cross" style="fill:url( '#g' )"/>
  <a href="#p"><text x="50" y="50" font-family="Georgia" text-anchor="middle">Grace &amp; Peace</text></a>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="10" height="10" data-name="seal"/>
  <filter id="f"><feGaussianBlur in="SourceGraphic" stdDeviation="2"/></filter>
</svg>`,
    ]) {
      expect(isSafeSvg(svg), svg).toBe(true)
    }
  })

  it('refuses XML that is not well-formed and anything whose root is not an svg element', () => {
    expect(isSafeSvg(`<svg ${svgNs}><g></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}/><svg ${svgNs}/>`)).toBe(false)
    expect(isSafeSvg(`<g ${svgNs}/>`)).toBe(false)
    expect(isSafeSvg('<svg xmlns="http://www.inkscape.org/namespaces/inkscape"/>')).toBe(false)
    expect(isSafeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toBe(false)
    expect(isSafeSvg('')).toBe(false)
  })

  it('refuses attributes outside the allowlist, in any namespace, and links that leave the file', () => {
    expect(isSafeSvg(`<svg ${svgNs} foo="1"/>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs} xmlns:s="${'http://www.w3.org/2000/svg'}" s:onload="alert(1)"/>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs} xml:lang="en" xml:space="preserve"/>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><use href=" #a"/></svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><use href="a#a"/></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><image href="data:image/gif;base64,R0lGOD"/></svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><image href="xdata:image/gif;base64,R0lGOD"/></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><image href="data:image/gif,R0lGOD"/></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><rect fill="url(#a) url(https://e.example/x)"/></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><rect fill="url(#a) url(#b)"/></svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><rect fill="url(https://e.example/x) url(#b)"/></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs} xmlns:s="http://www.w3.org/2000/svg" s:fill="red"/>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><a xmlns="http://www.w3.org/1999/xhtml" href="#a">x</a></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><defs><style>@import "x";</style></defs></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><rect style="fill:red" aria-label="x" data-x="y"/></svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><text>url(https://e.example/x) @import</text></svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><style>text{fill:red}</style><text>x</text></svg>`)).toBe(true)
  })

  // Finding 2: the old regular-expression check took 7 s on this input (29 s at 160 KB).
  it('judges an 80 KB SVG of repeated "a." and a non-ASCII script prefix without a regular expression backtracking', () => {
    const dots = `<svg ${svgNs}><text>${'a.'.repeat(40_000)}</text></svg>`
    expect(checkLogo(bytes(dots))).toEqual({ ok: true, type: { mime: 'image/svg+xml', ext: 'svg' } })
    const attr = `<svg ${svgNs} ${'a.'.repeat(40_000)}="1"/>`
    expect(checkLogo(bytes(attr))).toEqual({ ok: false, problem: 'unsafeSvg' })
    const unclosed = `<svg ${svgNs}><text>${'a.'.repeat(40_000)}`
    expect(checkLogo(bytes(unclosed))).toEqual({ ok: false, problem: 'unsafeSvg' })
    const prefixed = `<svg ${svgNs}><é:script xmlns:é="http://www.w3.org/2000/svg">alert(1)</é:script></svg>`
    expect(checkLogo(bytes(prefixed))).toEqual({ ok: false, problem: 'unsafeSvg' })
  })

  it('refuses an SVG over 512 KB, which a PNG of that size is not', () => {
    const filler = (n: number) => `<svg ${svgNs}><!--${'x'.repeat(n)}--></svg>`
    const atCap = bytes(filler(SVG_MAX_BYTES - filler(0).length))
    expect(atCap.length).toBe(SVG_MAX_BYTES)
    expect(checkLogo(atCap)).toMatchObject({ ok: true })
    expect(checkLogo(bytes(filler(SVG_MAX_BYTES)))).toEqual({ ok: false, problem: 'svgTooLarge' })
    const bigPng = new Uint8Array(SVG_MAX_BYTES + 1)
    bigPng.set(png)
    expect(checkLogo(bigPng)).toMatchObject({ ok: true })
  })

  it('keeps the data of drawing programs, which browsers ignore', () => {
    for (const [prefix, uri] of Object.entries({
      rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
      dc: 'http://purl.org/dc/elements/1.1/',
      cc: 'http://creativecommons.org/ns#',
      i: 'http://ns.adobe.com/AdobeIllustrator/10.0/',
      sketch: 'http://www.bohemiancoding.com/sketch/ns',
    })) {
      const svg = `<svg ${svgNs} xmlns:${prefix}="${uri}" ${prefix}:x="1"><metadata><${prefix}:data/></metadata></svg>`
      expect(isSafeSvg(svg), prefix).toBe(true)
      expect(isSafeSvg(svg.replaceAll(uri, 'http://example.org/other')), prefix).toBe(false)
    }
  })

  it('reads CSS only inside style elements, after they close', () => {
    expect(isSafeSvg(`<svg ${svgNs}><style>rect{}</style>url(https://e.example/x)</svg>`)).toBe(true)
    expect(isSafeSvg(`<svg ${svgNs}><style>rect{}<![CDATA[ @import "x"; ]]></style></svg>`)).toBe(false)
    expect(isSafeSvg(`<svg ${svgNs}><text><![CDATA[ @import "x"; ]]></text></svg>`)).toBe(true)
  })

  it('allows data- attributes by their exact shape only', () => {
    expect(isSafeSvg(`<svg ${svgNs} data-name="x" data-a-b="y"/>`)).toBe(true)
    for (const name of ['data-', 'xdata-a', 'data-a.b', 'dat-a']) {
      expect(isSafeSvg(`<svg ${svgNs} ${name}="x"/>`), name).toBe(false)
    }
  })
})

describe('sniffImage', () => {
  const kind = (s: string | Uint8Array) => sniffImage(typeof s === 'string' ? bytes(s) : s)?.ext

  it('finds an SVG after a byte-order mark, white space, an XML declaration, comments and a doctype', () => {
    for (const svg of [
      '\uFEFF<svg>',
      ' \n\t<svg/>',
      '<SVG\n>',
      '<?xml version="1.0"?>\n<!-- a -- b --> <!-- c -->\n<svg>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>',
      '<!DOCTYPE svg [ <!ENTITY a "b"> ]>\n<svg>',
      '<!DOCTYPE svg[<!ENTITY a "b">]><svg>',
      '<!--a--><!-- b -->\n\n<svg>',
    ]) {
      expect(kind(svg), svg).toBe('svg')
    }
  })

  it('finds nothing else', () => {
    for (const s of ['<svgx>', 'x<svg>', '<html><svg>', '<!-- a <svg>', '<!DOCTYPE html><svg>', '<svg', '']) {
      expect(kind(s), s).toBeUndefined()
    }
  })

  it('judges many comments before a non-image without backtracking', () => {
    expect(kind('<!---->'.repeat(146) + 'x')).toBeUndefined()
  })

  it('needs every byte of a signature', () => {
    expect(kind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeUndefined()
    expect(kind(new Uint8Array([0xff, 0xd8, 0xfe]))).toBeUndefined()
    expect(kind('RIFF\0\0\0\0WEBQ')).toBeUndefined()
    expect(kind('RIFX\0\0\0\0WEBP')).toBeUndefined()
    expect(kind(png)).toBe('png')
  })
})
