import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWebWithManifest, initialJs, FIRST_LOADS } from './web-size.ts'

/**
 * Zod is in no first script (nor, Redoc). Screens validate with core's schemas, loaded with the
 * screen that validates; the first screens read with core's zod-free helpers.
 */
describe('the first scripts of the measured routes', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'web-size-'))
  let manifest: ReturnType<typeof buildWebWithManifest>
  beforeAll(() => {
    manifest = buildWebWithManifest(outDir)
  }, 300_000)
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  const packagesOf = (chunks: string[], html?: string) =>
    initialJs(manifest, outDir, { html, chunks }).byPackage.map((p) => p.name)

  it.each(Object.entries(FIRST_LOADS))('%s carries no zod', (_route, { html, chunks }) => {
    const packages = packagesOf(chunks, html)
    expect(packages).toContain('react-dom')
    expect(packages).not.toContain('zod')
  })

  // In a new renderer each file of the installed app's first screen costs main-thread time of
  // its own; the build copies small shared chunks into their readers (web/vite.config.ts), 76 files before.
  it("a member's first screen arrives in a few files, not one per shared module", () => {
    const { html, chunks } = FIRST_LOADS['dashboard (/ signed in)']
    expect(initialJs(manifest, outDir, { html, chunks }).chunks).toBeLessThanOrEqual(30)
  })

  it('the submit page, which validates the week, brings zod with it', () => {
    expect(packagesOf(['src/pages/SubmitTimesheetPage.tsx'])).toContain('zod')
  })

  // Redoc, /developers' renderer, and its own libraries load with that page's reference only.
  const REDOC = ['redoc', 'mobx', 'mobx-react', 'styled-components', 'core-js', 'prismjs']
  it.each(Object.entries(FIRST_LOADS))('%s carries nothing of Redoc', (_route, { html, chunks }) => {
    expect(packagesOf(chunks, html).filter((p) => REDOC.includes(p))).toEqual([])
  })

  it("/developers' page shows its guide without Redoc, whose chunk of its own brings it", () => {
    expect(packagesOf(['src/pages/DevelopersPage.tsx'])).not.toContain('redoc')
    expect(packagesOf(['src/components/ApiReference.tsx'])).toContain('redoc')
  })

  // The installed app's warm start. V8 takes the compile hint from the top of a file, above Vite's
  // preload list; the line added there must not move the source maps off the code they describe.
  it("every chunk opens with V8's compile hint, and its source map still points at its code", () => {
    const chunks = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'))
    expect(chunks.length).toBeGreaterThan(20)
    let matched = 0
    let checked = 0
    for (const file of chunks) {
      const code = readFileSync(join(outDir, file), 'utf8')
      expect(code.split('\n', 1)[0], file).toBe('//# allFunctionsCalledOnLoad')
      // Rolldown's runtime is its own, with no source to map.
      if (!existsSync(join(outDir, `${file}.map`))) continue
      const map = new TraceMap(readFileSync(join(outDir, `${file}.map`), 'utf8'))
      const lines = code.split('\n')
      const sources = new Map(map.sources.map((s, i) => [s, map.sourcesContent?.[i]?.split('\n') ?? []]))
      // `return` mostly survives minification as it is (the minifier folds some into expressions): where the
      // map says the source has one, the chunk has one, unless the map is a line off.
      eachMapping(map, (m) => {
        if (m.source === null) return
        const source = sources.get(m.source)?.[m.originalLine - 1]
        if (source?.startsWith('return ', m.originalColumn) !== true) return
        checked++
        if (lines[m.generatedLine - 1]?.startsWith('return', m.generatedColumn)) matched++
      })
    }
    expect(checked).toBeGreaterThan(1000)
    expect(matched / checked).toBeGreaterThan(0.8)
  })
})
