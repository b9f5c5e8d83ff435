import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { synth, type Synth } from './synth.ts'

/**
 * cdk-nag's AwsSolutions pack over the stack as `cdk synth` builds it by default, with
 * aws-cdk-lib's built-in CloudFormation validation on (cdk.json makes its findings errors, which
 * fail the synthesis). The context variants get the cdk-nag check in variants.test.ts.
 */
let s: Synth
beforeAll(() => {
  s = synth({ nag: true, validate: true })
}, 60_000)
afterAll(() => s?.cleanup())

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
