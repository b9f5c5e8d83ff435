import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { CloudFormationValidatePlugin, Validations, type App } from 'aws-cdk-lib'
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard'
import { acceptedGuardRules } from './nag-suppressions.ts'

/**
 * AWS's own checks of the synthesized templates: CloudFormation's schemas and rules
 * (@aws/cloudformation-validate, which aws-cdk-lib bundles) and the AWS Control Tower proactive
 * controls (cfn-guard, @cdklabs/cdk-validator-cfnguard). bin/app.ts runs both on every synth (so
 * `cdk synth` and `cdk deploy` stop on a violation); test/nag.test.ts and scripts/deploy-check.ts
 * run them over an already synthesized template. The controls this app does not meet are accepted,
 * each with its reason, in nag-suppressions.ts.
 */
export const addValidators = (app: App) => {
  Validations.of(app).addPlugins(
    new CloudFormationValidatePlugin(),
    new CfnGuardValidator({ controlTowerRulesEnabled: true, disabledRules: Object.keys(acceptedGuardRules) }),
  )
}

const require = createRequire(import.meta.url)
const controlTowerRules = join(
  dirname(require.resolve('@cdklabs/cdk-validator-cfnguard/package.json')),
  'rules/control-tower/cfn-guard',
)

/** The Control Tower rule files that name a resource type the templates hold, less the accepted ones. */
export const guardRuleFiles = (templatePaths: string[]) => {
  const types = new Set(
    templatePaths.flatMap((p) =>
      Object.values(
        (JSON.parse(readFileSync(p, 'utf8')) as { Resources: Record<string, { Type: string }> }).Resources,
      ).map((r) => r.Type),
    ),
  )
  return (readdirSync(controlTowerRules, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.guard'))
    .map((f) => join(controlTowerRules, f))
    .filter((file) => !acceptedGuardRules[file.replace(/^.*\//, '').replace(/\.guard$/, '')])
    .filter((file) => [...readFileSync(file, 'utf8').matchAll(/AWS::\w+::\w+/g)].some(([t]) => types.has(t)))
}

export interface ValidatorFinding {
  validator: string
  rule: string
  severity: string
  resources: string[]
}

/**
 * Runs both validators over synthesized templates (the same checks as synth, without synthesizing
 * again; cfn-guard gets only the rules for resource types the templates hold, which is what makes
 * it quick). Returns every finding, errors and warnings alike.
 */
export const validateTemplates = async (templates: { path: string; stack: string }[]): Promise<ValidatorFinding[]> => {
  const paths = templates.map((t) => t.path)
  const context = {
    templatePaths: paths,
    stackTemplates: templates.map((t) => ({
      templatePath: t.path,
      stackConstructPath: t.stack,
      accountId: undefined,
      region: undefined,
    })),
  }
  type Plugin = {
    name?: string
    validate: (
      c: never,
    ) => Promise<{ success: boolean; violations: Violation[] }> | { success: boolean; violations: Violation[] }
  }
  type Violation = { ruleName: string; severity?: string; violatingResources: { resourceLogicalId?: string }[] }
  const plugins: Plugin[] = [
    new CloudFormationValidatePlugin(),
    new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: guardRuleFiles(paths) }),
  ]
  const findings: ValidatorFinding[] = []
  for (const plugin of plugins) {
    const report = await plugin.validate(context as never)
    for (const v of report.violations) {
      findings.push({
        validator: plugin.name ?? 'validator',
        rule: v.ruleName,
        severity: v.severity ?? 'error',
        resources: v.violatingResources.map((r) => r.resourceLogicalId ?? '?'),
      })
    }
    if (!report.success && !report.violations.length) {
      findings.push({ validator: plugin.name ?? 'validator', rule: 'failed', severity: 'error', resources: [] })
    }
  }
  return findings
}
