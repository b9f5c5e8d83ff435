import { useMemo } from 'react'
import { RedocStandalone, type RedocRawOptions } from 'redoc'
import type { OpenApiDocument } from '@app/core'

/**
 * Redoc, as /developers shows the published API. Loaded only by that page, as a chunk of
 * its own (with its own libraries: mobx, styled-components), and never precached by the service
 * worker (vite.config.ts). Options chosen for the app's content security policy and a phone:
 * - its search is off: it runs in a worker made from a `blob:` address, which the policy refuses;
 * - no download button: the page links /api/openapi.json itself;
 * - no floating menu button: below Redoc's small breakpoint it is fixed to the screen's corner and
 *   covers the text scrolling under it (and is a bare div, unreachable by keyboard); the page lists
 *   the reference's sections itself there (DevelopersPage);
 * - the page scrolls as a whole (native scroll bars), and each operation names who may call it
 *   (`x-access`) and the API token scope that reaches it (`x-token-scope`).
 * Its styles are injected as <style> elements (style-src allows inline styles on every page); it
 * loads no font, script or image from elsewhere (vite.config.ts keeps its attribution logo local).
 */
const options: RedocRawOptions = {
  disableSearch: true,
  hideDownloadButtons: true,
  hideFab: true,
  nativeScrollbars: true,
  expandResponses: '200',
  jsonSamplesExpandLevel: 2,
  showExtensions: ['x-access', 'x-token-scope'],
  sortTagsAlphabetically: true,
  theme: {
    colors: { primary: { main: '#4338ca' } },
    typography: {
      fontFamily: 'inherit',
      fontSize: '15px',
      headings: { fontFamily: 'inherit', fontWeight: '600' },
      code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
    },
    sidebar: { backgroundColor: '#f8fafc', width: '240px' },
    rightPanel: { backgroundColor: '#0f172a' },
  },
}

export default function ApiReference({ spec }: { spec: OpenApiDocument }) {
  // Redoc resolves the document in place: it gets its own copy, never the query cache's.
  const own = useMemo(() => structuredClone(spec), [spec])
  return <RedocStandalone spec={own} options={options} />
}
