import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard'
import { acceptedGuardRules } from '../lib/nag-suppressions.ts'
import { guardRuleFiles, validateTemplates } from '../lib/validators.ts'
import { synth, type Synth } from './synth.ts'

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
