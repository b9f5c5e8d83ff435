import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { openApiOfManifest } from '@app/functions'
import { writeEntry } from '@app/infra/lib/constructs/api.ts'
import { functionAliases, functionBundling } from '@app/infra/lib/constructs/lambda.ts'
import { repoRoot } from '@app/local'

/**
 * Each route bundled as infra/lib/constructs/api.ts bundles it (its entry, written by the same
 * `writeEntry`; one minified ES module, platform node, the same aliases and
 * definitions), but for target node20 as the benchmark's brief says (the deployed functions use
 * node22; the output differs little).
 * Two variants: the AWS SDK bundled in (as infra deploys) and '@aws-sdk/*' left external (the
 * v3 SDK that Lambda's Node runtime carries).
 */
export type Variant = 'sdkBundled' | 'sdkExternal'

export interface Bundles {
  /** key → absolute path of the bundle with the SDK inside (the one that runs). */
  files: Record<string, string>
  sizes: Record<Variant, Record<string, number>>
  /** The largest packages in one bundle, for explaining a miss. */
  heaviest: (variant: Variant, key: string, n: number) => { name: string; bytes: number }[]
}

export const bundleRoutes = async (keys: string[], outDir: string): Promise<Bundles> => {
  const entries: Record<string, string> = {}
  const openApi = openApiOfManifest()
  for (const key of keys) {
    entries[key] = writeEntry(join(outDir, 'entries'), join(repoRoot, 'functions/src'), key, openApi)
  }
  const metas = {} as Record<Variant, Metafile>
  const sizes = {} as Bundles['sizes']
  const files: Record<string, string> = {}
  for (const variant of ['sdkBundled', 'sdkExternal'] as const) {
    const dir = join(outDir, variant)
    const result = await build({
      entryPoints: entries,
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      mainFields: functionBundling.mainFields,
      define: functionBundling.define,
      alias: functionAliases,
      external: variant === 'sdkExternal' ? ['@aws-sdk/*'] : [],
      banner: { js: functionBundling.banner },
      metafile: true,
      logLevel: 'error',
      absWorkingDir: repoRoot,
    })
    metas[variant] = result.metafile
    sizes[variant] = {}
    for (const key of keys) {
      const file = join(dir, `${key}.mjs`)
      sizes[variant][key] = statSync(file).size
      if (variant === 'sdkBundled') files[key] = file
    }
  }
  const heaviest = (variant: Variant, key: string, n: number) => {
    const out = metas[variant].outputs[relative(repoRoot, join(outDir, variant, `${key}.mjs`))]
    const byPackage = new Map<string, number>()
    for (const [input, { bytesInOutput }] of Object.entries(out?.inputs ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 3).join('/')
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput)
    }
    return [...byPackage]
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, n)
  }
  return { files, sizes, heaviest }
}

/** A placeholder for each path parameter, so the event reaches the handler's checks. */
const placeholder = (name: string) =>
  name === 'orgId' ? '00000000-0000-4000-8000-000000000000' : /id$/i.test(name) ? '1' : 'x'

/**
 * The cold-start request, the same for every route: no session cookie; a state-changing method
 * carries our Origin, a JSON content type and `{}` (so CSRF passes and the next check answers).
 * Member and supervisor routes answer 401 from the session check without reaching the table;
 * public routes run their handler against the local emulators (health probes them all, login
 * reads the identity provider's discovery document, the demo opens a session, ...).
 */
export const coldStartRequest = (route: { method: string; path: string }, appOrigin: string) => {
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, placeholder(name!)]),
  )
  const changes = route.method !== 'GET'
  const headers: Record<string, string> = changes ? { origin: appOrigin, 'content-type': 'application/json' } : {}
  return {
    method: route.method,
    path: route.path,
    params: Object.keys(params).length ? params : undefined,
    headers,
    body: changes ? '{}' : undefined,
  }
}
