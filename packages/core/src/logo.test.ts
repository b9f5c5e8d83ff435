import { describe, expect, it } from 'vitest'
import { checkLogo, LOGO_MAX_BYTES } from './logo.ts'

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

  it('refuses anything of 2 MB or more', () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1)
    big.set(png)
    expect(checkLogo(big)).toEqual({ ok: false, problem: 'tooLarge' })
  })
})
