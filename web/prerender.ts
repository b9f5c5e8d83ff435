import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createServer, type Plugin, type Rolldown } from 'vite'
import { choosePage, pageChoiceConfig, PRERENDERED_PAGES, SESSION_COOKIE } from '../packages/core/src/page-choice.ts'
import { LANGUAGES } from '../packages/core/src/languages.ts'
import type { Language } from '../packages/core/src/index.ts'
import type { RenderedPage } from './src/prerender.tsx'

interface Renderer {
  renderPage: (path: string, language: Language) => Promise<RenderedPage>
  pageModule: (path: string) => string | undefined
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A chunk and the chunks it imports statically, but not the entry (index.html names that already). */
const withImports = (chunks: Rolldown.OutputChunk[], chunk: Rolldown.OutputChunk | undefined): string[] => {
  if (!chunk) return []
  const found = new Set<string>()
  const visit = (file: string) => {
    const c = chunks.find((x) => x.fileName === file)
    if (!c || c.isEntry || found.has(file)) return
    found.add(file)
    for (const i of c.imports) visit(i)
  }
  visit(chunk.fileName)
  return [...found]
}

/** The signed-in frame and the dashboard: the first screen a member's first request opens. */
const SIGNED_IN_FIRST = ['/src/components/AppShell.tsx', '/src/pages/DashboardPage.tsx']

/**
 * The chunks of a signed-in member's first screen, named in index.html (vite.config.ts): the app
 * shell is what a request with the session cookie gets, so they are fetched while the HTML parses,
 * found by the browser's preload scanner, instead of after the first script has run and added a
 * link for each. A prerendered page, a signed-out visitor's, leaves them out.
 */
export const signedInFirstChunks = (chunks: Rolldown.OutputChunk[]) => {
  const byFile = (file: string) => chunks.find((c) => c.fileName === file)
  const byModule = (module: string) => chunks.find((c) => c.facadeModuleId?.endsWith(module))
  // index.html names the entry's own imports already.
  const named = new Set(chunks.find((c) => c.isEntry)?.imports.flatMap((i) => withImports(chunks, byFile(i))))
  const files = SIGNED_IN_FIRST.flatMap((m) => withImports(chunks, byModule(m)))
  return [...new Set(files)].filter((f) => !named.has(f))
}

/**
 * Public pages arrive as HTML: after the client build, every signed-out page
 * (core's PRERENDERED_PAGES) is rendered in every language with React's static renderer
 * (src/prerender.tsx, run in Node through a Vite server of its own) into a copy of the built
 * index.html, at the path core's choosePage gives it (`pages/<language>/<page>.html`), which is
 * where the CloudFront Function and the local server look. Each page's HTML names what its
 * hydration needs first (modulepreload): its page chunk and the catalogue chunks it was rendered
 * with, in its language, all at low priority, after what paints. index.html itself stays the app shell.
 */
export const prerenderPages = (): Plugin => {
  let outDir = ''
  let root = ''
  let chunks: Rolldown.OutputChunk[] = []
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
    },
    async closeBundle() {
      if (chunks.length === 0) return
      const chunkOf = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix))
      const catalogue = (language: string, ns: string) => chunkOf(`/packages/i18n/locales/${language}/${ns}.json`)
      const template = readFileSync(join(outDir, 'index.html'), 'utf8')
      // The shell's own preloads (the default language's first namespaces, a member's first screen):
      // each page names its own.
      const shellPreloads = [
        ...LANGUAGES.flatMap((l) =>
          ['common', 'public'].map((ns) => catalogue(l, ns)?.fileName).filter((f) => f !== undefined),
        ),
        ...signedInFirstChunks(chunks),
      ]
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Node loads the packages itself: no browser pre-bundling.
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      try {
        const renderer = (await server.ssrLoadModule('/src/prerender.tsx')) as Renderer
        for (const language of LANGUAGES) {
          for (const path of PRERENDERED_PAGES) {
            const page = await renderer.renderPage(path, language)
            const module = renderer.pageModule(path)
            const preloads = [
              ...new Set([
                ...withImports(chunks, module ? chunkOf(`/src/${module}`) : undefined),
                ...page.namespaces.flatMap((ns) => withImports(chunks, catalogue(language, ns))),
              ]),
            ].filter((f) => !template.includes(`/${f}"`) || shellPreloads.includes(f))
            // React writes the resources it hoists (the logo's image preload) ahead of the content
            // when it renders no <head> of its own: they go to the head.
            const hoisted = /^(?:<link [^>]*\/>)*/.exec(page.html)![0]
            const body = page.html.slice(hoisted.length)
            // An inline script (a Suspense boundary completed late) would be refused by the content security policy.
            if (/<script|<template/.test(body)) throw new Error(`prerender: ${path} rendered an inline script`)
            let html = template.replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
            for (const file of shellPreloads)
              html = html.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${file}"[^>]*>`), '')
            if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
            html = html.replace(
              '</head>',
              () =>
                `${hoisted}\n${preloads.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('')}  </head>`,
            )
            // The page paints from its HTML and stylesheet: its scripts only hydrate it, so on a slow
            // link they come after what paints (Chromium fetches module scripts at high priority).
            html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
            html = html.replace(
              '<div id="root"></div>',
              () => `<div id="root" data-ns="${escapeHtml(page.namespaces.join(' '))}">${body}</div>`,
            )
            if (!html.includes(body)) throw new Error(`prerender: index.html has no empty <div id="root"></div>`)
            const file = choosePage(
              { uri: path, acceptLanguage: language, cookieNames: [], hasQuery: false },
              pageChoiceConfig(SESSION_COOKIE),
            )
            const target = join(outDir, file)
            mkdirSync(dirname(target), { recursive: true })
            writeFileSync(target, html)
          }
        }
      } finally {
        await server.close()
      }
    },
  }
}
