import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { App, Aspects, NestedStack, Stack, type CfnElement, type IResolvable } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import { afterAll, beforeAll } from 'vitest'
import type { IConstruct } from 'constructs'
import { openApiOfManifest, routes } from '@app/functions'
import { AppStack } from '../lib/app-stack.ts'
import type { Manifest } from '../lib/constructs/api.ts'
import type { Jobs } from '../lib/constructs/jobs.ts'
import type { RouteAccess } from '../lib/route-access.ts'
import { readSettings } from '../lib/settings.ts'

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
/** Tests deploy this placeholder page, so they never depend on a web build (bin/app.ts refuses to run without one). */
export const placeholderSite = fileURLToPath(new URL('./fixtures/site', import.meta.url))

/** The feature flags of cdk.json, so tests synthesize what `cdk synth` does. */
const cdkJsonContext = (JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: object }).context

export interface SynthOptions {
  manifest?: Manifest
  /** Per-route narrowing of the grants (default: lib/route-access.ts); a made-up manifest needs its own. */
  access?: RouteAccess
  context?: Record<string, unknown>
  /** Run esbuild for every function (slow: do it in one test file only). */
  bundle?: boolean
  /** Add the cdk-nag AwsSolutions checks, as bin/app.ts does. */
  nag?: boolean
  /**
   * Run aws-cdk-lib's built-in CloudFormation validation, as `cdk synth` does (about 4 s of CPU
   * per synth, so only nag.test.ts asks for it).
   */
  validate?: boolean
}

/** Builds and synthesizes the stack once; call from `beforeAll` and `cleanup()` in `afterAll`. */
export const synth = (options: SynthOptions = {}) => {
  const outdir = mkdtempSync(join(tmpdir(), 'infra-test-'))
  const app = new App({
    outdir,
    builtinCloudFormationValidation: options.validate ?? false,
    context: {
      ...cdkJsonContext,
      // A deploy must name its sender (settings.ts); the tests use this one unless they give theirs.
      mailFrom: 'no-reply@example.com',
      ...options.context,
      'aws:cdk:bundling-stacks': options.bundle ? ['**'] : [],
    },
  })
  const settings = readSettings((key) => app.node.tryGetContext(key))
  const manifest: Manifest = options.manifest ?? routes
  const stack = new AppStack(app, settings.stackName, {
    settings,
    manifest,
    openApi: openApiOfManifest(),
    access: options.access,
    projectRoot,
    webAssetPath: placeholderSite,
  })
  if (options.nag) Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }))
  const template = Template.fromStack(stack)
  const json = template.toJSON() as TemplateJson
  const stacks = stackTemplates(stack, json, outdir)
  const resources = Object.assign({}, ...stacks.map((t) => t.resources)) as Record<string, CfnResourceJson>
  return {
    app,
    stack,
    manifest,
    /** The parent stack's template (the routes' resources are in `stacks`' nested ones). */
    template,
    /**
     * Every resource of the parent and its nested stacks, by logical id (unique across them), the
     * nested ones as if they were in the parent: a reference to the parent passed as a parameter
     * reads as that reference (`<DataTable….Arn>`, not `<referenceto….Arn>`).
     */
    resources,
    /** Every resource of a CloudFormation type, as [logical id, resource] pairs of `resources`. */
    ofType: (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type),
    /** The parent (first) and each nested stack, with its template as written and as `resources` reads it. */
    stacks,
    outdir,
    /** The logical id of a construct's CloudFormation resource, in whichever stack holds it. */
    logicalId: (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement),
    /** A token (an ARN, a name) as the template spells it, in the notation of `show`. */
    show: (token: string | IResolvable) => show(stack.resolve(token)),
    /** cdk-nag's (and CDK's) unsuppressed errors and warnings, as `rule path` lines. */
    findings: () =>
      // From the assembly already synthesized (Annotations.fromStack would synthesize, and run cdk-nag, again).
      app
        .synth()
        .getStackArtifact(stack.artifactId)
        .messages.filter((m) => m.level === 'error' || m.level === 'warning')
        .map((m) => `${m.level} ${m.id} ${firstLine(m.entry.data)}`),
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  }
}

const firstLine = (data: unknown) => String(data).split('\n')[0]

export interface TemplateJson {
  Resources: Record<string, CfnResourceJson>
  Parameters?: Record<string, unknown>
  Outputs?: Record<string, unknown>
}

export interface StackTemplate {
  stack: Stack
  /** A nested stack's resource in its parent's template (none for the parent). */
  resourceId?: string
  /** The template file in the cloud assembly. */
  path: string
  /** Its template as written. */
  json: TemplateJson
  /** Its resources, with each of its parameters replaced by what the parent passes it. */
  resources: Record<string, CfnResourceJson>
}

/** `{Ref: P}` of a parameter P → the value passed for it; anything else as it is. */
const substitute = (v: unknown, params: Record<string, unknown>): unknown => {
  if (Array.isArray(v)) return v.map((x) => substitute(x, params))
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    const keys = Object.keys(o)
    if (keys.length === 1 && typeof o.Ref === 'string' && o.Ref in params) return params[o.Ref]
    return Object.fromEntries(keys.map((k) => [k, substitute(o[k], params)]))
  }
  return v
}

/**
 * The parent stack's template and each nested stack's (read from the cloud assembly), parents
 * before their nested stacks. Throws when two stacks hold the same logical id, which would make
 * the merged `resources` ambiguous.
 */
const stackTemplates = (parent: Stack, json: TemplateJson, outdir: string): StackTemplate[] => {
  const path = join(outdir, parent.templateFile)
  const out: StackTemplate[] = [{ stack: parent, path, json, resources: json.Resources }]
  const byStack = new Map<Stack, StackTemplate>([[parent, out[0]!]])
  for (const nested of parent.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))) {
    const holder = byStack.get(Stack.of(nested.nestedStackResource!))!
    const resourceId = holder.stack.getLogicalId(nested.nestedStackResource!)
    const nestedPath = join(outdir, nested.templateFile)
    const nestedJson = JSON.parse(readFileSync(nestedPath, 'utf8')) as TemplateJson
    const passed = (holder.resources[resourceId]!.Properties?.Parameters ?? {}) as Record<string, unknown>
    const entry: StackTemplate = {
      stack: nested,
      resourceId,
      path: nestedPath,
      json: nestedJson,
      resources: substitute(nestedJson.Resources, passed) as Record<string, CfnResourceJson>,
    }
    byStack.set(nested, entry)
    out.push(entry)
  }
  const seen = new Map<string, string>()
  for (const t of out) {
    for (const id of Object.keys(t.resources)) {
      if (seen.has(id)) throw new Error(`${id} is in both ${seen.get(id)} and ${t.stack.node.path}`)
      seen.set(id, t.stack.node.path)
    }
  }
  return out
}

export type Synth = ReturnType<typeof synth>

/** Every scheduled job's function (constructs/jobs.ts): each a function of its own, with no route. */
export const jobFunctions = (jobs: Jobs) => [
  jobs.retryEmails,
  jobs.reminders,
  jobs.export,
  jobs.importMembers,
  jobs.eraseClosed,
  jobs.timeOffYearly,
  jobs.planningCenterSync,
]

export interface CfnResourceJson {
  Type: string
  Properties?: Record<string, any>
  DeletionPolicy?: string
  DependsOn?: string[]
}

/**
 * A CloudFormation value as one readable string: `{Ref: X}` → `<X>`, `{Fn::GetAtt: [X, Arn]}` →
 * `<X.Arn>`, joins concatenated. Lets tests compare resources in IAM statements by name.
 */
export const show = (v: unknown): string => {
  if (typeof v === 'string') return v
  if (v && typeof v === 'object') {
    const o = v as Record<string, any>
    if ('Ref' in o) return `<${o.Ref}>`
    if ('Fn::GetAtt' in o) return `<${(o['Fn::GetAtt'] as string[]).join('.')}>`
    if ('Fn::Join' in o) return (o['Fn::Join'][1] as unknown[]).map(show).join(o['Fn::Join'][0] as string)
    if ('Fn::Sub' in o) return String(o['Fn::Sub'])
  }
  return JSON.stringify(v)
}

/** Every IAM statement that applies to a role: inline policies, attached policies, managed policy ARNs. */
export const roleStatements = (resources: Record<string, CfnResourceJson>, roleId: string) => {
  const role = resources[roleId]!
  const attached = Object.values(resources).filter(
    (r) =>
      (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') &&
      ((r.Properties?.Roles as unknown[]) ?? []).some((ref) => show(ref) === `<${roleId}>`),
  )
  const statements = [
    ...((role.Properties?.Policies as { PolicyDocument: { Statement: unknown[] } }[]) ?? []).flatMap(
      (p) => p.PolicyDocument.Statement,
    ),
    ...attached.flatMap((p) => p.Properties!.PolicyDocument.Statement as unknown[]),
  ] as { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[]
  return { statements, managedPolicyArns: (role.Properties?.ManagedPolicyArns as unknown[]) ?? [] }
}

/** A role's permissions as sorted `action on resource` lines (Allow statements; Deny ones are returned too). */
export const permissionLines = (resources: Record<string, CfnResourceJson>, roleId: string) => {
  const { statements } = roleStatements(resources, roleId)
  const list = (v: unknown) => (Array.isArray(v) ? v : [v])
  return statements
    .flatMap((s) =>
      list(s.Action).flatMap((a) =>
        list(s.Resource).map((r) => `${s.Effect === 'Allow' ? '' : `${s.Effect} `}${String(a)} on ${show(r)}`),
      ),
    )
    .sort()
}

/** The actions (sorted) of the permission lines `which` selects: what a role may do on a resource, or of a service. */
export const actionsOf = (lines: readonly string[], which: (line: string) => boolean) =>
  lines
    .filter(which)
    .map((l) => l.split(' ')[0]!)
    .sort()

/**
 * The stack of a whole test file: synthesized before its tests, its output removed after them.
 * What it answers reads through to that synthesis, so tests use it as a Synth; reading it outside
 * a test (before beforeAll ran) throws.
 */
export const synthForFile = (options: SynthOptions = {}): Synth => {
  let current: Synth | undefined
  beforeAll(() => {
    current = synth(options)
  })
  afterAll(() => current?.cleanup())
  return new Proxy({} as Synth, {
    get: (_, key) => {
      if (!current) throw new Error('The stack is synthesized in beforeAll: read it inside a test')
      return Reflect.get(current, key)
    },
  })
}
