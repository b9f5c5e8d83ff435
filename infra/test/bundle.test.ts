import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type BuildOptions, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiOfManifest, routes, type Use } from '@app/functions'
import { entriesDirOf } from '../lib/app-stack.ts'
import { writeEntry, type Manifest } from '../lib/constructs/api.ts'
import { jobEntries } from '../lib/constructs/jobs.ts'
import { functionAliases, functionBundling } from '../lib/constructs/lambda.ts'
import { projectRoot, synth, type Synth } from './synth.ts'

/**
 * Bundling, the slow part, checked two ways so the infra tests stay fast as the manifest grows:
 * - CDK's NodejsFunction bundling (npx + esbuild, one process per function) for a sample of two
 *   real routes and the email retry job: the result is what Lambda gets;
 * - every manifest route and the job through one esbuild build with the same options, loaded by plain Node.
 */
const all: Manifest = routes
const keys = Object.keys(all)
const sampleKeys = [
  // the route that uses the most, and one with a path parameter
  keys.reduce((a, b) => (all[b]!.uses.length > all[a]!.uses.length ? b : a)),
  keys.find((k) => all[k]!.path.includes('{')) ?? keys[keys.length - 1]!,
]
const sample: Manifest = Object.fromEntries([...new Set(sampleKeys)].map((k) => [k, all[k]!]))

/** The job's module exports `handler` itself: no generated entry. */
const jobKey = 'jobs/retry-emails'
const remindersKey = 'jobs/reminders'
const exportKey = 'jobs/export-organization'
const importKey = 'jobs/import-members'
const eraseKey = 'jobs/erase-closed'
const yearlyKey = 'jobs/time-off-yearly'

/** Imports each ES module in a plain Node process (as Lambda does) and returns `typeof handler` for each. */
const handlerTypes = (files: string[]) => {
  const urls = files.map((f) => pathToFileURL(f).href)
  const script = `for (const u of ${JSON.stringify(urls)}) console.log(typeof (await import(u)).handler)`
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })
    .trim()
    .split('\n')
}

/** Every manifest route's generated entry, by its key. */
const routeEntries = () =>
  Object.fromEntries(
    keys.map((k) => [
      k,
      writeEntry(entriesDirOf(projectRoot), join(projectRoot, 'functions', 'src'), k, openApiOfManifest()),
    ]),
  )

/** esbuild's options as infra bundles a function (lib/constructs/lambda.ts). */
const asLambda = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: functionBundling.target,
  minify: functionBundling.minify,
  mainFields: functionBundling.mainFields,
  define: functionBundling.define,
  alias: functionAliases,
  external: functionBundling.externalModules,
  banner: { js: functionBundling.banner },
  logLevel: 'warning',
  metafile: true,
} satisfies BuildOptions

let s: Synth
let outdir: string
let metafile: Metafile
beforeAll(async () => {
  s = synth({ manifest: sample, bundle: true })
  outdir = mkdtempSync(join(tmpdir(), 'infra-bundle-'))
  const result = await build({
    entryPoints: {
      ...routeEntries(),
      [jobKey]: join(projectRoot, jobEntries.retryEmails),
      [remindersKey]: join(projectRoot, jobEntries.reminders),
      [exportKey]: join(projectRoot, jobEntries.export),
      [importKey]: join(projectRoot, jobEntries.importMembers),
      [eraseKey]: join(projectRoot, jobEntries.eraseClosed),
      [yearlyKey]: join(projectRoot, jobEntries.timeOffYearly),
    },
    outdir,
    ...asLambda,
    // Shared chunks: the check is that every route resolves, bundles and loads, not 30 copies of the SDK.
    splitting: true,
    sourcemap: functionBundling.sourceMap,
    sourcesContent: functionBundling.sourcesContent,
  })
  metafile = result.metafile
})

/**
 * What a route's bundle may weigh (KB, the AWS SDK inside as infra deploys it): what every route
 * carries (middy, zod, the data modules, the DynamoDB client: 496–547 KB), plus what each of its
 * uses brings; a few routes name their own. Compiling a bundle is most of a cold start's import, so
 * a budget that fails is a library that came in with an import: find it in the metafile
 * (scripts/bench/bundles.ts's `heaviest`) before raising the budget.
 */
const BASE_KB = 550
const USE_KB: Partial<Record<Use, number>> = {
  // React DOM and the email templates, i18next and the SES client (921–969 KB)
  email: 450,
  // Stripe's library (751–756 KB)
  stripe: 240,
  // The S3 client and its pre-signer; the payroll exports' formats (667–767 KB)
  exportsBucket: 250,
  logosBucket: 190,
  // openid-client (531–637 KB)
  oidc: 120,
  // The signed links' pages (602–606 KB)
  links: 90,
  // The Cognito client (533–576 KB)
  staffPool: 60,
  integrations: 30,
}
const ROUTE_KB: Record<string, number> = {
  // No session middleware, no data modules (defineSessionlessRoute): 607 KB, 785 with them.
  'health/get-health': 640,
  // The API's document, made at synth (277 KB of its 767); it grows with each route (805 KB with
  // the send-back, whose answer is a whole timesheet).
  'openapi/get-openapi': 840,
  // The demo's seed (524 KB).
  'demo/open-demo': 560,
  // transliteration's tables of every script, for the new member's username (190 KB of 1,187).
  'members/add-member': 1250,
  // Planning Center's new members: their usernames' transliteration, as add-member (775–777 KB).
  'integrations/sync-planning-center': 800,
  'integrations/planning-center-webhook': 800,
  // exceljs and its zip readers, for the spreadsheet (1,795 KB).
  'members/import-members': 1900,
}
const budgetKb = (key: string) =>
  ROUTE_KB[key] ?? BASE_KB + all[key]!.uses.reduce((kb, use) => kb + (USE_KB[use] ?? 0), 0)

/** The packages in one entry's bundle: the inputs of its output and of every chunk it imports. */
const packagesOf = (key: string) => {
  const outputs = metafile.outputs
  const entry = Object.keys(outputs).find((o) => o.endsWith(`/${key}.mjs`))!
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (out: string) => {
    if (seen.has(out)) return
    seen.add(out)
    for (const input of Object.keys(outputs[out]!.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]
      if (name) packages.add(name)
    }
    for (const i of outputs[out]!.imports) if (!i.external && outputs[i.path]) visit(i.path)
  }
  visit(entry)
  return packages
}

/**
 * The client packages and the `uses` that allow each (the link-signing, OIDC and Stripe secrets come
 * from Secrets Manager); none allows the SDK's default credential chain (functionAliases).
 */
const clientPackages: Record<string, Use[]> = {
  '@aws-sdk/credential-provider-node': [],
  '@aws-sdk/nested-clients': [],
  '@aws-sdk/client-cognito-identity-provider': ['staffPool'],
  '@aws-sdk/client-sesv2': ['email'],
  '@aws-sdk/client-s3': ['exportsBucket', 'logosBucket'],
  '@aws-sdk/client-secrets-manager': ['email', 'links', 'oidc', 'stripe', 'integrations'],
  'openid-client': ['oidc'],
  stripe: ['stripe'],
}
afterAll(() => {
  s?.cleanup()
  if (outdir) rmSync(outdir, { recursive: true, force: true })
})

describe('bundling', () => {
  it('NodejsFunction makes a minified ES module with a source map, which Node loads and which exports `handler`', () => {
    const functions = [
      ...Object.keys(sample).map((key) => [key, s.stack.api.functions.get(key)!] as const),
      [jobKey, s.stack.jobs.retryEmails] as const,
    ]
    const entries = functions.map(([key, construct]) => {
      const fn = s.resources[s.logicalId(construct)]!.Properties!
      const entry = join(s.outdir, `asset.${String(fn.Code.S3Key).replace(/\.zip$/, '')}`, 'index.mjs')
      expect(existsSync(entry), key).toBe(true)
      expect(existsSync(`${entry}.map`), key).toBe(true)
      const code = readFileSync(entry, 'utf8')
      expect(code.length / code.split('\n').length, `${key} is minified`).toBeGreaterThan(1000)
      expect(code.startsWith(functionBundling.banner)).toBe(true)
      return entry
    })
    expect(entries).toHaveLength(Object.keys(sample).length + 1)
    expect(handlerTypes(entries)).toEqual(entries.map(() => 'function'))
  })

  it("holds in each route's bundle only the clients its manifest entry uses", () => {
    // Read in the metafile of the build above; the table's client is in every route (each uses it).
    expect(packagesOf('auth/get-user')).toContain('@aws-sdk/client-dynamodb')
    expect(packagesOf('auth/get-user')).not.toContain('@aws-sdk/client-cognito-identity-provider')
    expect(packagesOf('members/add-member')).toContain('@aws-sdk/client-cognito-identity-provider')
    // The published API's document is made at synth, so its route bundles no other route's code.
    expect(packagesOf('openapi/get-openapi')).not.toContain('react-dom')
    expect(packagesOf('openapi/get-openapi')).not.toContain('stripe')
    // The page that asks before the demo or signing out reads its texts without i18next.
    expect(packagesOf('demo/open-demo')).not.toContain('i18next')
    expect(packagesOf('auth/logout')).not.toContain('i18next')
    // The health check asks whether Stripe is configured (its secret), never Stripe itself: no library.
    expect(packagesOf('health/get-health')).not.toContain('stripe')
    // Only a route that sends email renders it: queuing one with a change (views/queued-email.ts)
    // loads no template, so no other route carries React DOM (the kiosk's member list did).
    expect(packagesOf('kiosk/list-kiosk-members')).not.toContain('react-dom')
    expect(packagesOf('timesheets/update-status')).toContain('react-dom')
    const rendering = keys.filter((key) => packagesOf(key).has('react-dom') && !all[key]!.uses.includes('email'))
    expect(rendering).toEqual([])
    for (const key of keys) {
      const bundled = packagesOf(key)
      const unused = Object.entries(clientPackages)
        .filter(([name, allowedBy]) => bundled.has(name) && !allowedBy.some((u) => all[key]!.uses.includes(u)))
        .map(([name]) => name)
      expect(unused, key).toEqual([])
    }
  })

  it('bundles every manifest route and the jobs with those options into a module that exports `handler`', () => {
    const files = [...keys, jobKey, remindersKey, exportKey, importKey, eraseKey, yearlyKey].map((k) =>
      join(outdir, `${k}.mjs`),
    )
    expect(handlerTypes(files)).toEqual(files.map(() => 'function'))
  })
})

describe('bundle sizes', () => {
  /** Every route bundled alone, as Lambda gets it (no shared chunks): its size and its inputs. */
  let standalone: Metafile
  // Its own hook: a build of every route, which takes minutes on a loaded two-core machine.
  beforeAll(async () => {
    standalone = (
      await build({
        entryPoints: routeEntries(),
        outdir: join(tmpdir(), 'infra-bundle-standalone'),
        ...asLambda,
        write: false,
      })
    ).metafile
  }, 600_000)

  /** One route's output in the standalone build: its bytes and the files they come from. */
  const standaloneOf = (key: string) => Object.entries(standalone.outputs).find(([o]) => o.endsWith(`/${key}.mjs`))![1]

  it('keeps each route within its size budget, and a route that keeps no session free of the data modules', () => {
    const over = keys
      .map((key) => ({ key, kb: Math.round(standaloneOf(key).bytes / 1024), budget: budgetKb(key) }))
      .filter(({ kb, budget }) => kb > budget)
    expect(over).toEqual([])
    // A password reset makes no username: transliteration's tables stay with the routes that do.
    expect(
      Object.keys(standaloneOf('members/reset-password').inputs).filter((f) => f.includes('transliteration')),
    ).toEqual([])
    const sessionless = keys.filter((key) => all[key]!.keepsNoSession)
    expect(sessionless).toContain('health/get-health')
    for (const key of sessionless) {
      const data = Object.keys(standaloneOf(key).inputs).filter((f) => f.startsWith('packages/data/'))
      expect(data, key).toEqual([])
    }
  })
})
