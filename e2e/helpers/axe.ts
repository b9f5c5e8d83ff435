import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { AxeResults, Result } from 'axe-core'

const require = createRequire(import.meta.url)
let source: Promise<string> | undefined
const axeSource = () => (source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'))

/** The impacts that fail a test; minor and moderate findings are left to review. */
const FAILING = new Set(['serious', 'critical'])

const describeViolation = (v: Result) =>
  `${v.impact} ${v.id}: ${v.help}\n` +
  v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`)
    .join('\n')

/**
 * Runs axe-core (WCAG 2.x A and AA rules, and its best practices) on what the page shows now,
 * and answers the serious and critical violations as readable lines: an empty list is a pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the app's
  // Content-Security-Policy refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource())
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
        resultTypes: ['violations'],
      }) as Promise<AxeResults>,
  )
  return results.violations.filter((v) => FAILING.has(v.impact ?? '')).map(describeViolation)
}

/** Waits until the page's finite animations and transitions have run out, then two frames more. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    // Only running ones: a paused or endless animation (a spinner, a pulse) would never finish.
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  })
}

/**
 * Fails with every serious or critical violation on the page, named by where it was found. The
 * page is checked once it has settled; a finding is confirmed by a second look a second later, so
 * a colour caught mid-repaint on a loaded machine does not fail the run, while a real violation
 * (still there a second later) does.
 */
export async function expectAccessible(page: Page, where: string) {
  await settled(page)
  let found = await seriousViolations(page)
  if (found.length > 0) {
    await page.waitForTimeout(1000)
    await settled(page)
    found = await seriousViolations(page)
  }
  if (found.length > 0) {
    throw new Error(`axe found ${found.length} serious or critical violation(s) on ${where}:\n${found.join('\n')}`)
  }
}
