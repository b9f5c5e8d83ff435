import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { App, NestedStack, Stack, Validations } from 'aws-cdk-lib'
import { CfnBucket } from 'aws-cdk-lib/aws-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard'
import { SECRET_HOLDERS } from '../lib/constructs/route-group.ts'
import { acceptedGuardRules } from '../lib/nag-suppressions.ts'
import {
  addValidators,
  guardRuleFiles,
  nestedTemplatesOf,
  validateTemplates,
  withNestedStacks,
} from '../lib/validators.ts'
import { show, synth, type Synth } from './synth.ts'

/**
 * cdk-nag's AwsSolutions pack over the stack as `cdk synth` builds it by default, then AWS's own
 * validators (lib/validators.ts: CloudFormation's rules, the Control Tower controls) over the same
 * template, as bin/app.ts runs them on every synth. The context variants get the cdk-nag check in
 * variants.test.ts.
 */
let s: Synth
let template: string
beforeAll(() => {
  s = synth({ nag: true })
  template = join(s.outdir, `${s.stack.artifactId}.template.json`)
})
afterAll(() => s?.cleanup())

describe("AWS's validators", () => {
  it('find nothing: no CloudFormation error or warning, no Control Tower control failing that is not accepted', async () => {
    const findings = await validateTemplates([{ path: template, stack: s.stack.stackName }])
    expect(findings).toEqual([])
  }, 180_000)

  it('check the Control Tower rules of the resource types the stack holds, less the accepted ones, each with a reason', () => {
    const files = guardRuleFiles([template]).map((f) => f.replace(/^.*\//, '').replace(/\.guard$/, ''))
    expect(files).toEqual(expect.arrayContaining(['ct-s3-pr-1', 'ct-apigateway-pr-4']))
    for (const [rule, reason] of Object.entries(acceptedGuardRules)) {
      expect(files, rule).not.toContain(rule)
      expect(reason.length, rule).toBeGreaterThan(60)
    }
  })

  it('fail a template that breaks a control (a bucket open to the public)', async () => {
    const json = JSON.parse(readFileSync(template, 'utf8')) as { Resources: Record<string, any> }
    const bucket = Object.values(json.Resources).find((r) => r.Type === 'AWS::S3::Bucket')!
    delete bucket.Properties.PublicAccessBlockConfiguration
    const broken = join(s.outdir, 'broken.template.json')
    writeFileSync(broken, JSON.stringify(json))
    const rule = guardRuleFiles([broken]).filter((f) => f.endsWith('/ct-s3-pr-1.guard'))
    const report = await new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: rule }).validate({
      templatePaths: [broken],
    } as never)
    expect(report.success).toBe(false)
    expect(report.violations.map((v) => v.ruleName)).toContain('s3_bucket_level_public_access_prohibited_check')
  }, 60_000)
})

describe("AWS's validators over the nested stacks (the API's routes)", () => {
  it('are given every nested stack’s template, found through the stack’s asset manifest', () => {
    expect(s.stacks.length).toBeGreaterThan(1)
    expect(nestedTemplatesOf(template)).toEqual(
      s.stacks
        .slice(1)
        .map((t) => t.path)
        .sort(),
    )
  })

  it('catch a violation planted in a nested stack’s template (as npm run deploy:check runs them)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-nested-'))
    try {
      // The real template of the health route's nested stack, with a bucket open to the public added,
      // under a parent that holds nothing but it (so cfn-guard checks only these resource types).
      const health = s.stacks.find((t) => t.stack === s.stack.api.groups.get('health'))!
      const nested = {
        ...health.json,
        Resources: { ...health.json.Resources, PlantedBucket: { Type: 'AWS::S3::Bucket' } },
      }
      writeFileSync(join(dir, basename(health.path)), JSON.stringify(nested))
      const files = { planted: { source: { path: basename(health.path), packaging: 'file' }, destinations: {} } }
      writeFileSync(join(dir, 'Parent.assets.json'), JSON.stringify({ version: '48.0.0', files }))
      const parent = join(dir, 'Parent.template.json')
      writeFileSync(
        parent,
        JSON.stringify({
          Resources: { Routes: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'x' } } },
        }),
      )
      const findings = await validateTemplates([{ path: parent, stack: 'Parent' }])
      expect(findings).toContainEqual(
        expect.objectContaining({
          rule: 's3_bucket_level_public_access_prohibited_check',
          resources: ['PlantedBucket'],
        }),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('stop synth on a violation in a nested stack (bin/app.ts’s validators), which CDK alone would not show them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-nested-'))
    const appWithOpenBucket = (validate: (app: App) => void) => {
      const app = new App({ outdir: mkdtempSync(join(dir, 'app-')) })
      new CfnBucket(new NestedStack(new Stack(app, 'Parent'), 'Routes'), 'PlantedBucket')
      validate(app)
      return app
    }
    const types = join(dir, 'types.json')
    writeFileSync(types, JSON.stringify({ Resources: { Bucket: { Type: 'AWS::S3::Bucket' } } }))
    const s3Rule = guardRuleFiles([types]).filter((f) => f.endsWith('/ct-s3-pr-1.guard'))
    const onlyS3 = () => new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: s3Rule })
    try {
      // CDK hands its validators the top-level stacks' templates: the nested bucket goes unseen.
      expect(() => appWithOpenBucket((app) => Validations.of(app).addPlugins(onlyS3())).synth()).not.toThrow()
      expect(() =>
        appWithOpenBucket((app) => Validations.of(app).addPlugins(withNestedStacks(onlyS3()))).synth(),
      ).toThrow(/CT\.S3\.PR\.1[\s\S]*Parent\/Routes\/PlantedBucket/)
      expect(() => appWithOpenBucket(addValidators).synth()).toThrow(
        /CT\.S3\.PR\.1[\s\S]*Parent\/Routes\/PlantedBucket/,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('see the nested stacks’ parameters that carry secrets’ or the secrets key’s ARNs masked (NoEcho), and no other', () => {
    const holders = new Set(
      Object.entries(s.stacks[0]!.json.Resources)
        .filter(([, r]) => SECRET_HOLDERS.includes(r.Type))
        .map(([id]) => id),
    )
    let masked = 0
    for (const t of s.stacks.slice(1)) {
      const passed = s.resources[t.resourceId!]!.Properties!.Parameters as Record<string, unknown>
      for (const [name, param] of Object.entries(t.json.Parameters ?? {})) {
        const target = /^<(\w+?)(\.\w+)?>$/.exec(show(passed[name]))?.[1]
        const secret = target !== undefined && holders.has(target)
        expect((param as { NoEcho?: boolean }).NoEcho ?? false, `${t.stack.node.path} ${name}`).toBe(secret)
        if (secret) masked++
      }
    }
    expect(masked).toBeGreaterThan(0)
  })
})

describe('cdk-nag AwsSolutions', () => {
  it('finds no unsuppressed error or warning', () => {
    expect(s.findings()).toEqual([])
  })

  it('ran (its report lists the rules it checked), and every suppression carries a written reason', () => {
    const file = readdirSync(s.outdir).find((f) => /^AwsSolutions-.*NagReport\.csv$/.test(f))!
    const report = readFileSync(join(s.outdir, file), 'utf8')
    expect(report).toMatch(/AwsSolutions-IAM5/)
    expect(report).toMatch(/AwsSolutions-S1/)
    expect(report).not.toMatch(/,Non-Compliant,/)
    const suppressions = Object.values(s.resources).flatMap(
      (r) =>
        (r as { Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } }).Metadata?.cdk_nag
          ?.rules_to_suppress ?? [],
    )
    expect(suppressions.length).toBeGreaterThan(0)
    for (const rule of suppressions) {
      expect(rule.id).toMatch(/^AwsSolutions-/)
      expect(rule.reason.length, rule.id).toBeGreaterThan(40)
    }
  })
})
