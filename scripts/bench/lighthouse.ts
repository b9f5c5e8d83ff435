import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS } from '../../e2e/chromium-flags.ts'
import type { Front } from './front.ts'
import { FIGURES } from './report.ts'

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]

export interface LighthouseResult {
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /** What the page painted last and largest, and what moved (Lighthouse's own descriptions), to explain a miss. */
  lcpElement: string
  shifts: { element: string; score: number }[]
}

interface NodeDetails {
  items?: {
    node?: { snippet?: string; selector?: string }
    score?: number
    items?: { node?: { snippet?: string } }[]
  }[]
}
/** A node as Lighthouse describes it: its selector, or the start of its HTML. */
const nodeName = (node: { snippet?: string; selector?: string } | undefined) =>
  (node?.selector ?? node?.snippet ?? '?').slice(0, 120)

/** The Chromium processes this benchmark started and has not stopped yet. */
const launched = new Set<ChildProcess>()

/** Debian's Chromium with a fresh profile and a DevTools port on loopback; resolves once it listens. */
const launchChromium = (profile: string, flags: string[]) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = spawn(
      CHROME_PATH,
      [
        ...CHROME_FLAGS,
        ...flags,
        '--remote-debugging-address=127.0.0.1',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      // Its own process group, so stopping it also stops its renderer and utility processes.
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    )
    launched.add(child)
    let err = ''
    const timer = setTimeout(() => {
      void stopChromium(child)
      reject(new Error(`Chromium did not open its DevTools port within 30 s:\n${err}`))
    }, 30_000)
    child.once('error', (e) => {
      clearTimeout(timer)
      reject(new Error(`Could not start ${CHROME_PATH} (set CHROME_PATH): ${e.message}`))
    })
    child.stderr!.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000)
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)
      if (m) {
        clearTimeout(timer)
        resolve({ child, port: Number(m[1]) })
      }
    })
  })

/** Stops Chromium's process group (the browser we started and its helpers). */
const stopChromium = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    launched.delete(child)
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, s)
      } catch {
        // already gone
      }
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      signal('SIGKILL') // helpers left behind, if any
      return resolve()
    }
    const force = setTimeout(() => signal('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(force)
      signal('SIGKILL')
      resolve()
    })
    signal('SIGTERM')
  })

/** Stops every Chromium still running (an interrupted run). */
export const stopAllChromium = () => Promise.all([...launched].map(stopChromium))

/**
 * One Lighthouse run with its default (mobile) settings: a Moto G Power-sized screen, simulated
 * slow 4G and a 4x slower CPU, performance category only. A fresh Chromium per run.
 */
export const lighthouseRun = async (
  url: string,
  options: { extraHeaders?: Record<string, string>; mustFetch?: string; chromiumFlags?: string[] } = {},
): Promise<LighthouseResult> => {
  const { extraHeaders, mustFetch, chromiumFlags = [] } = options
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'))
  const { child, port } = await launchChromium(profile, chromiumFlags)
  try {
    const result = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`)
    if (mustFetch) {
      // The page under test really rendered: e.g. the dashboard asked the API for its stats.
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] })
        ?.items
      if (!requests?.some((r) => new URL(r.url).pathname === mustFetch && r.statusCode === 200))
        throw new Error(`Lighthouse's run of ${url} never fetched ${mustFetch} successfully (not signed in?)`)
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      lcpElement: nodeName(
        (lhr.audits['largest-contentful-paint-element']?.details as NodeDetails | undefined)?.items?.[0]?.items?.[0]
          ?.node,
      ),
      shifts: ((lhr.audits['layout-shifts']?.details as NodeDetails | undefined)?.items ?? []).map((i) => ({
        element: nodeName(i.node),
        score: i.score ?? 0,
      })),
    }
  } finally {
    await stopChromium(child)
    try {
      // Helpers may still be closing files in the profile for a moment.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
    } catch (e) {
      process.stderr.write(`bench: could not remove ${profile}: ${(e as Error).message}\n`)
    }
  }
}

/**
 * The pages the benchmark scores, served by the front (front.ts): `/`, `/pricing` and `/staff-login`
 * signed out, then `/` with a supervisor's and with a staff member's session, each checked to have read
 * what its dashboard shows.
 */
export const scoreFirstPages = async (
  front: Front,
  cookies: { supervisorCookie: string; staffCookie: string },
  runs: number,
  log: (message: string) => void,
) => {
  const signedIn = (cookie: string, mustFetch: string) => ({ extraHeaders: { Cookie: cookie }, mustFetch })
  const pages = [
    { name: FIGURES.lighthouse.landing, path: '/' },
    { name: FIGURES.lighthouse.pricing, path: '/pricing' },
    { name: FIGURES.lighthouse.staffLogin, path: '/staff-login' },
    { name: FIGURES.lighthouse.dashboard, path: '/', ...signedIn(cookies.supervisorCookie, '/api/dashboard/stats') },
    {
      name: FIGURES.lighthouse.staffDashboard,
      path: '/',
      ...signedIn(cookies.staffCookie, '/api/timesheets/current-week'),
    },
  ]
  // Each round scores every page once, so a busy moment of the machine falls on one run of each page
  // rather than on all of one page's; a page's figures are its run of median score (one run swings by
  // ten points on this shared machine; Lighthouse's own advice is the median of several).
  const runsOf = pages.map((): LighthouseResult[] => [])
  for (let round = 0; round < runs; round++)
    for (const [i, { name, path, ...options }] of pages.entries()) {
      log(runs > 1 ? `${name} (${round + 1} of ${runs})` : name)
      runsOf[i]!.push(await lighthouseRun(`${front.url}${path}`, { ...options, chromiumFlags: front.chromiumFlags }))
    }
  return pages.map(({ name, path }, i) => ({
    name,
    url: path,
    result: runsOf[i]!.sort((a, b) => a.performance - b.performance)[Math.floor(runs / 2)]!,
  }))
}
