import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS } from '../../e2e/chromium-flags.ts'
import type { Front } from './front.ts'
import { CHROME_PATH } from './lighthouse.ts'
import { FIGURES, verdict, type Table } from './report.ts'
import { fmt } from './stats.ts'

/**
 * What a signed-in first screen waits for, measured in a real Chromium with the CPU slowed 4× as
 * Lighthouse's mobile run does (CDP's own CPU throttling, applied, not simulated):
 * - the sequential round trips before its largest paint, with a 150 ms round trip added to every
 *   request (Lighthouse's slow 4G latency) so that requests that wait for each other are told from
 *   requests that run side by side;
 * - where the main thread's time goes (a CPU profile of the load, self time per function);
 * - the installed staff app's warm start: the service worker's cache warm, the time from
 *   navigation to an enabled Clock In (or the week), online and offline.
 */

const CPU_SLOWDOWN = 4
const ROUND_TRIP_MS = 150

export interface Timed {
  url: string
  start: number
  end: number
}

/**
 * The longest chain of requests in which each starts only after the one before it has finished
 * (the document included): a page's sequential round trips. Requests that overlap count once.
 */
export const sequentialRoundTrips = (requests: readonly Timed[]): { depth: number; chain: string[] } => {
  const sorted = [...requests].sort((a, b) => a.end - b.end)
  const best: { depth: number; chain: string[] }[] = []
  let longest = { depth: 0, chain: [] as string[] }
  sorted.forEach((r, i) => {
    let before = { depth: 0, chain: [] as string[] }
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= r.start && best[j]!.depth > before.depth) before = best[j]!
    best[i] = { depth: before.depth + 1, chain: [...before.chain, r.url] }
    if (best[i]!.depth > longest.depth) longest = best[i]!
  })
  return longest
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

export interface CpuCost {
  what: string
  ms: number
}

/** A file's name without its directory and hash, e.g. `index-ab12.js` -> `index.js`. */
const fileName = (url: string) => {
  if (!url) return ''
  const last = new URL(url, 'http://x/').pathname.split('/').pop() ?? ''
  return last.replace(/-[\w-]{8}(\.\w+)$/, '$1')
}

/** Self time per function (and per script, for the summary), from a CDP CPU profile's samples. */
export const cpuCosts = (profile: CpuProfile, top = 8): { byFunction: CpuCost[]; byScript: CpuCost[] } => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const fn = new Map<string, number>()
  const script = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  samples.forEach((id, i) => {
    const node = byId.get(id)
    // A sample's time is the gap to the next one (the last sample has none after it).
    const ms = (deltas[i + 1] ?? 0) / 1000
    if (!node || ms <= 0) return
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') {
      if (functionName !== '(idle)') fn.set(functionName, (fn.get(functionName) ?? 0) + ms)
      return
    }
    const file = fileName(url) || '(native)'
    const key = `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}` : ''}`
    fn.set(key, (fn.get(key) ?? 0) + ms)
    script.set(file, (script.get(file) ?? 0) + ms)
  })
  const sortTop = (m: Map<string, number>) =>
    [...m]
      .map(([what, ms]) => ({ what, ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
  return { byFunction: sortTop(fn), byScript: sortTop(script) }
}

export interface DashboardLoad {
  /** Sequential round trips before the largest paint, the HTML's own not counted. */
  roundTrips: number
  chain: string[]
  lcpMs: number
  /** Main-thread time in long tasks beyond their first 50 ms, until the page was quiet (TBT's rule). */
  blockingMs: number
  /** The main thread's busy time in the profile (everything but idle). */
  busyMs: number
  costs: { byFunction: CpuCost[]; byScript: CpuCost[] }
}

const launch = (front: Front) =>
  chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...front.chromiumFlags, '--disable-quic'],
  })

/** The session cookie (`name=value`) on the front's origin. */
const withCookie = async (context: BrowserContext, origin: string, cookie: string) => {
  const [name, ...value] = cookie.split('=')
  await context.addCookies([{ name: name!, value: value.join('='), url: origin }])
}

/** Largest paints and long tasks, recorded from the page's first script on. */
const observePaints = () => {
  const w = window as unknown as { __lcp: number; __blocking: number }
  w.__lcp = 0
  w.__blocking = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lcp = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__blocking += Math.max(0, e.duration - 50)
  }).observe({ type: 'longtask', buffered: true })
}

export const slowCpu = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
}

/**
 * A cold load of `/` with the given session: `network` adds the round trip to every request and
 * records each request's times (the CPU at full speed, so that waiting on the network is not
 * mistaken for waiting on a script); `cpu` slows the CPU 4× and records a CPU profile.
 */
const coldLoad = async (
  front: Front,
  cookie: string,
  ready: (page: Page) => Promise<unknown>,
  mode: 'network' | 'cpu',
) => {
  const origin = front.url
  const browser = await launch(front)
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' })
    await withCookie(context, origin, cookie)
    const page = await context.newPage()
    await page.addInitScript(observePaints)
    const cdp = await page.context().newCDPSession(page)
    if (mode === 'network') {
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: ROUND_TRIP_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
    } else {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const requests: Timed[] = []
    page.on('requestfinished', (request) => {
      const t = request.timing()
      if (t.startTime <= 0 || t.responseEnd < 0) return
      requests.push({ url: new URL(request.url()).pathname, start: t.startTime, end: t.startTime + t.responseEnd })
    })
    await page.goto(`${origin}/`, { waitUntil: 'load' })
    await ready(page)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const profile = mode === 'cpu' ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __blocking: number }
      // The tab's icon is the browser's own request, fetched when it chooses: nothing on the page waits for it.
      const icons = Array.from(
        document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'),
        (l) => new URL(l.href).pathname,
      )
      return { origin: performance.timeOrigin, lcp: w.__lcp, blocking: w.__blocking, icons }
    })
    const relative = requests
      .filter((r) => !seen.icons.includes(r.url))
      .map((r) => ({ ...r, start: r.start - seen.origin, end: r.end - seen.origin }))
    return { requests: relative, lcp: seen.lcp, blocking: seen.blocking, profile }
  } finally {
    await browser.close()
  }
}

/** A signed-in dashboard's cold load, measured twice as above (`/` with the given session). */
export const dashboardLoad = async (
  front: Front,
  cookie: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<DashboardLoad> => {
  const network = await coldLoad(front, cookie, ready, 'network')
  const { depth, chain } = sequentialRoundTrips(network.requests.filter((r) => r.end <= network.lcp))
  const cpu = await coldLoad(front, cookie, ready, 'cpu')
  return {
    roundTrips: Math.max(0, depth - 1),
    chain,
    lcpMs: cpu.lcp,
    blockingMs: cpu.blocking,
    busyMs: profileBusyMs(cpu.profile!),
    costs: cpuCosts(cpu.profile!),
  }
}

const profileBusyMs = (profile: CpuProfile) => {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
  const deltas = profile.timeDeltas ?? []
  return (profile.samples ?? []).reduce((ms, id, i) => (idle.has(id) ? ms : ms + (deltas[i + 1] ?? 0) / 1000), 0)
}

export interface WarmStart {
  onlineMs: number
  offlineMs: number
}

/**
 * A phone-sized browser whose service worker has the site at `front` cached: a first visit installs
 * it (and the staff app keeps the week on the device), a reload runs under it.
 */
export const warmedBrowser = async (
  front: Front,
  cookie: string,
): Promise<{ browser: Browser; context: BrowserContext }> => {
  const browser = await launch(front)
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'allow' })
    await withCookie(context, front.url, cookie)
    const first = await context.newPage()
    await first.goto(`${front.url}/`)
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await shown(first)
    await first.reload()
    await shown(first)
    await first.close()
    return { browser, context }
  } catch (e) {
    await browser.close()
    throw e
  }
}

/**
 * The installed staff app opened again: a first visit installs the service worker and keeps the
 * week; then each measured visit is a new tab of the same browser (the cache warm), the CPU 4×
 * slower, timed from the navigation's start to an enabled Clock In or Clock Out button (or the
 * week, on a day the timer does not offer). Median of `samples` visits, online and then offline:
 * 7 unless said, as a median of 3 moved by ±0.15 s from one run to the next on this machine.
 */
export const staffWarmStart = async (front: Front, cookie: string, samples = 7): Promise<WarmStart> => {
  const origin = front.url
  const { browser, context } = await warmedBrowser(front, cookie)
  try {
    const visit = async () => {
      const page = await context.newPage()
      await slowCpu(page)
      const started = Date.now()
      await page.goto(`${origin}/`, { waitUntil: 'commit' })
      await shown(page)
      const ms = Date.now() - started
      await page.close()
      return ms
    }
    const median = async () => {
      const runs: number[] = []
      for (let i = 0; i < samples; i++) runs.push(await visit())
      return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!
    }
    const onlineMs = await median()
    await context.setOffline(true)
    const offlineMs = await median()
    return { onlineMs, offlineMs }
  } finally {
    await browser.close()
  }
}

/** The staff dashboard's first useful state: an enabled timer button, or the week when there is none. */
export const shown = (page: Page) =>
  page.waitForFunction(
    () => {
      // The buttons' names end with the day for screen readers ('Clock In Monday').
      const buttons = Array.from(document.querySelectorAll('button'))
      const timer = buttons.find((b) => /^Clock (In|Out)\b/.test(b.textContent?.trim() ?? '') && !b.disabled)
      // The week's card renders only with the week (a loading state stands in before).
      const week = Array.from(document.querySelectorAll('h2, h3')).some((h) =>
        h.textContent?.includes('Current Week Timesheet'),
      )
      return timer !== undefined || week
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  )

/** The dashboards measured, each with the session it opens and what shows it has loaded. */
export const DASHBOARDS = [
  {
    name: FIGURES.firstScreen.supervisor,
    cookie: 'supervisorCookie',
    ready: (page: Page) => page.getByText('Pending Approvals').first().waitFor({ timeout: 60_000 }),
  },
  { name: FIGURES.firstScreen.staff, cookie: 'staffCookie', ready: shown },
] as const

export const ROUND_TRIPS_TARGET = 2
export const WARM_START_TARGET_MS = 1000

const ms = (n: number) => `${Math.round(n)} ms`

/** The table: round trips, the slowed load's paint and main-thread time, the warm start; the chains and top CPU costs as notes. */
export const firstScreenTable = (loads: { name: string; load: DashboardLoad }[], warm: WarmStart): Table => ({
  title: `Signed-in first screens (Chromium, ${ROUND_TRIP_MS} ms a round trip for the count; CPU 4× slower for the rest)`,
  head: ['figure', 'round trips after the HTML', 'largest paint ms', 'blocking ms', 'main thread ms', 'target'],
  numeric: [1, 2, 3, 4],
  rows: [
    ...loads.map(({ name, load }) => [
      name,
      String(load.roundTrips),
      fmt(load.lcpMs, 0),
      fmt(load.blockingMs, 0),
      fmt(load.busyMs, 0),
      `${verdict(load.roundTrips <= ROUND_TRIPS_TARGET)} (≤${ROUND_TRIPS_TARGET} round trips)`,
    ]),
    ...[
      [FIGURES.firstScreen.warmOnline, warm.onlineMs],
      [FIGURES.firstScreen.warmOffline, warm.offlineMs],
    ].map(([name, took]) => [
      String(name),
      '0',
      fmt(Number(took), 0),
      '',
      '',
      `${verdict(Number(took) <= WARM_START_TARGET_MS)} (≤${WARM_START_TARGET_MS} ms)`,
    ]),
  ],
  notes: [
    'Round trips: the longest chain of requests, each starting only after the one before it had finished, that ends before the largest paint, counted in a cold load with the CPU at full speed and 150 ms added to every request (Lighthouse’s slow 4G latency). Then the same cold load with the CPU slowed 4× through CDP and a CPU profile: the largest paint, long tasks beyond their first 50 ms (TBT’s rule) and the main thread’s busy time.',
    'Warm start: the installed staff app opened again in a new tab of a browser whose service worker has the app cached, the CPU 4× slower, from the navigation’s start to an enabled Clock In or Clock Out (or the week); the median of the visits, online and then offline. The largest-paint column holds the time.',
    ...loads.flatMap(({ name, load }) => [
      `${name}, chain: ${load.chain.join(' → ')}.`,
      `${name}, CPU by script: ${load.costs.byScript.map((c) => `${c.what} ${ms(c.ms)}`).join(', ')}; by function: ${load.costs.byFunction.map((c) => `${c.what} ${ms(c.ms)}`).join(', ')}.`,
    ]),
  ],
})
