/**
 * npx tsx scripts/bench/warm-floor.ts [--rounds N] [--trace]
 *
 * What the installed staff app's warm start (page-load.ts) stands on. The same measurement, taken in
 * turn on the app and on two pages served the same way (over the bench's front, from a service
 * worker's cache, the CPU 4× slower), each showing an enabled Clock In: one with React DOM alone,
 * one with React and the libraries the package list names doing what the first screen asks of them
 * (floor/main.ts), built with the app's compile hint. Rounds alternate the three, so a busy moment
 * of the machine hits each alike.
 * --trace prints instead, for each, the renderer main thread's own time per trace event over 4
 * offline visits: where the app's time beyond the floor goes. Prints the figures; writes nothing.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'
import { resetClients } from '@app/adapters'
import { startFront, type Front } from './front.ts'
import { shown, slowCpu, staffWarmStart, warmedBrowser } from './page-load.ts'
import { QUICK, seedBench } from './seed.ts'
import { median } from './stats.ts'
import { startBenchStackRetrying } from './stack.ts'
import { buildWebWithManifest } from './web-size.ts'
import { runMain } from './run-main.ts'
import { compileHints } from '../../web/compile-hints.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, trace: { type: 'boolean' } } })
const log = (message: string) => process.stderr.write(`bench warm floor: ${message}\n`)

/**
 * The floors' service worker: the built files cached as it installs, as Workbox precaches the app's,
 * and every GET of its origin from its cache once fetched (any navigation as `/`).
 */
const floorServiceWorker = (files: string[]) => `
const FILES = ${JSON.stringify(files)}
self.addEventListener('install', (event) => {
  self.skipWaiting()
  event.waitUntil(caches.open('floor').then((cache) => cache.addAll(FILES)))
})
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).origin !== location.origin || event.request.method !== 'GET') return
  const key = event.request.mode === 'navigate' ? '/' : event.request.url
  event.respondWith(caches.open('floor').then(async (cache) => (await cache.match(key)) ??
    fetch(event.request).then((res) => { if (res.ok) void cache.put(key, res.clone()); return res })))
})
`

const buildFloor = async (floor: 'react' | 'libs', outDir: string) => {
  await build({
    root: join(import.meta.dirname, 'floor'),
    configFile: false,
    logLevel: 'silent',
    define: { FLOOR: JSON.stringify(floor) },
    // Built as the app is: the same compile hint on every chunk.
    plugins: [compileHints()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
  const assets = readdirSync(join(outDir, 'assets')).map((f) => `/assets/${f}`)
  writeFileSync(join(outDir, 'sw.js'), floorServiceWorker(['/', ...assets]))
}

/** The main thread's own time per trace event (nested events' time taken out), mean of `visits` offline warm visits. */
const mainThreadTimes = async (front: Front, cookie: string, visits = 4) => {
  const { browser, context } = await warmedBrowser(front, cookie)
  try {
    await context.setOffline(true)
    const total = new Map<string, number>()
    for (let i = 0; i < visits; i++) {
      const page = await context.newPage()
      await slowCpu(page)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'v8',
          'v8.execute',
          'toplevel',
          'blink',
          'loading',
          'blink.user_timing',
          'disabled-by-default-v8.compile',
        ],
      })
      const started = Date.now()
      await page.goto(`${front.url}/`, { waitUntil: 'commit' })
      await shown(page)
      const took = Date.now() - started
      interface Event {
        name: string
        ph: string
        pid: number
        tid: number
        ts: number
        dur: number
        args?: Record<
          string,
          { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean } | string | undefined
        >
      }
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Event[] }).traceEvents
      const data = (e: Event) => (typeof e.args?.data === 'object' ? e.args.data : undefined)
      const start = events.find(
        (e) =>
          e.name === 'navigationStart' &&
          data(e)?.isLoadingMainFrame &&
          data(e)?.documentLoaderURL?.startsWith(front.url),
      )!
      const main = events.find((e) => e.name === 'ParseHTML' && JSON.stringify(e.args ?? {}).includes(front.url))!
      const own = events
        .filter(
          (e) =>
            e.pid === main.pid &&
            e.tid === main.tid &&
            e.ph === 'X' &&
            e.ts >= start.ts &&
            e.ts < start.ts + took * 1000,
        )
        .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
      const open: Event[] = []
      const self = new Map<Event, number>()
      for (const e of own) {
        while (open.length && open.at(-1)!.ts + open.at(-1)!.dur <= e.ts) open.pop()
        self.set(e, e.dur)
        const parent = open.at(-1)
        if (parent) self.set(parent, self.get(parent)! - e.dur)
        open.push(e)
      }
      for (const [e, us] of self) total.set(e.name, (total.get(e.name) ?? 0) + us / 1000 / visits)
      total.set('(the visit)', (total.get('(the visit)') ?? 0) + took / visits)
      await page.close()
    }
    return total
  } finally {
    await browser.close()
  }
}

const main = async () => {
  const work = mkdtempSync(join(tmpdir(), 'timesheets-bench-floor-'))
  log('building the web app and the two floors')
  buildWebWithManifest(join(work, 'app'))
  await buildFloor('react', join(work, 'react'))
  await buildFloor('libs', join(work, 'libs'))
  const stack = await startBenchStackRetrying(join(work, 'data'), { log })
  const sites: { name: string; column: string; front: Front }[] = []
  try {
    Object.assign(process.env, stack.env)
    resetClients()
    const { staffCookie } = await seedBench(QUICK, stack.env.OIDC_ISSUER!)
    sites.push({ name: 'the staff app', column: 'app', front: await startFront(join(work, 'app'), stack.appUrl) })
    sites.push({
      name: 'React DOM alone',
      column: 'React alone',
      front: await startFront(join(work, 'react'), stack.appUrl),
    })
    sites.push({
      name: 'React and the listed libraries',
      column: 'React + libs',
      front: await startFront(join(work, 'libs'), stack.appUrl),
    })
    if (values.trace) {
      const tables = []
      for (const { column, front } of sites) tables.push({ column, times: await mainThreadTimes(front, staffCookie) })
      const [app] = tables
      const rows = [...app!.times].sort((a, b) => b[1] - a[1]).slice(0, 30)
      console.log(
        ['trace event (own ms, 4× CPU, offline)'.padEnd(48), ...tables.map((t) => t.column.padStart(14))].join(''),
      )
      for (const [event] of rows)
        console.log(
          [event.slice(0, 47).padEnd(48), ...tables.map((t) => (t.times.get(event) ?? 0).toFixed(0).padStart(14))].join(
            '',
          ),
        )
      return
    }
    const runs = new Map(sites.map(({ name }) => [name, { online: [] as number[], offline: [] as number[] }]))
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const { name, front } of sites) {
        const warm = await staffWarmStart(front, staffCookie, 5)
        runs.get(name)!.online.push(warm.onlineMs)
        runs.get(name)!.offline.push(warm.offlineMs)
        log(`round ${round + 1}, ${name}: ${warm.onlineMs} / ${warm.offlineMs} ms`)
      }
    }
    console.log('| warm start, 4× slower CPU (median of the rounds’ medians) | online | offline |\n|---|---|---|')
    for (const [name, { online, offline }] of runs)
      console.log(`| ${name} | ${Math.round(median(online))} ms | ${Math.round(median(offline))} ms |`)
  } finally {
    for (const { front } of sites) await front.close()
    await stack.stop().catch(() => undefined)
    rmSync(work, { recursive: true, force: true })
  }
}

void runMain(main, log)
