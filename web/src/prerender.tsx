import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import i18next from 'i18next'
import { resources } from '@app/i18n/resources'
import type { Language } from '@app/core'
import { createQueryClient } from './api/query-client.ts'
import { App } from './App.tsx'
import { initI18n } from './i18n.ts'
import { preloadPublicPage, publicRoutes, renderedAtBuild } from './router.tsx'

/** The HTML of a signed-out page, and the catalogue namespaces it was rendered with. */
export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string
  /** The tab title the page sets (React's hoisted `<title>`), for the document's head. */
  title: string | undefined
  namespaces: string[]
}

let started = false

/**
 * Renders a signed-out page as the browser's first render would show it (the session check still
 * loading), with React's static renderer, which waits for the page's lazy code. Run at build time
 * in Node through Vite (web/prerender.ts); main.tsx hydrates the result with the same tree.
 */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  if (!started) {
    renderedAtBuild()
    initI18n(language, resources)
    started = true
    // react-i18next makes its record of used namespaces on the first useTranslation: one render first.
    await render(path)
  }
  await i18next.changeLanguage(language)
  const used = new Set<string>()
  const report = i18next.reportNamespaces as { addUsedNamespaces: (ns: string[]) => void } | undefined
  if (!report) throw new Error('prerender: react-i18next keeps no record of the namespaces used')
  const original = report.addUsedNamespaces.bind(report)
  report.addUsedNamespaces = (ns) => {
    for (const n of ns) used.add(n)
    original(ns)
  }
  try {
    let html = await render(path)
    // React writes the hoisted <title> ahead of the content when it renders no <head> of its own.
    let title: string | undefined
    html = html.replace(/<title>([^<]*)<\/title>/, (_all, text: string) => {
      title = text
      return ''
    })
    // 'common' always: PageLoading reads it through i18next directly.
    return { html, title, namespaces: [...new Set(['common', ...used])] }
  } finally {
    report.addUsedNamespaces = original
  }
}

async function render(path: string) {
  // The page's code first, so nothing suspends: a boundary completed later would need an inline
  // script to swap it in, which the content security policy forbids.
  await preloadPublicPage(path)
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>
  const queryClient = createQueryClient()
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App queryClient={queryClient} Router={Router} />
      </StrictMode>,
      // One piece: React outlines a large Suspense boundary (pricing) to be swapped in by an inline
      // script, which the content security policy forbids.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    )
    return await new Response(prelude).text()
  } finally {
    // Its queries' garbage-collection timers (5 minutes) would keep the build's process alive.
    queryClient.clear()
  }
}

/** The module of a public page (under src/), whose chunk its HTML preloads. */
export const pageModule = (path: string): string | undefined => {
  const route = publicRoutes.find((r) => r.path === path)
  return route ? `pages/${route.Page.exportName}.tsx` : undefined
}
