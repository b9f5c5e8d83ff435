import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  CloudFormationValidatePlugin,
  Validations,
  type App,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
} from 'aws-cdk-lib'
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard'
import { acceptedGuardRules } from './nag-suppressions.ts'

/**
 * AWS's own checks of the synthesized templates: CloudFormation's schemas and rules
 * (@aws/cloudformation-validate, which aws-cdk-lib bundles) and the AWS Control Tower proactive
 * controls (cfn-guard, @cdklabs/cdk-validator-cfnguard). bin/app.ts runs both on every synth (so
 * `cdk synth` and `cdk deploy` stop on a violation); test/nag.test.ts and scripts/deploy-check.ts
 * run them over an already synthesized template. The controls this app does not meet are accepted,
 * each with its reason, in nag-suppressions.ts.
 *
 * CDK hands a validator the templates of the top-level stacks only; the API's routes are in
 * nested stacks (constructs/route-group.ts), so each validator is given their templates too.
 */
export const addValidators = (app: App) => {
  Validations.of(app).addPlugins(
    withNestedStacks(new CloudFormationValidatePlugin()),
    withNestedStacks(
      new CfnGuardValidator({ controlTowerRulesEnabled: true, disabledRules: Object.keys(acceptedGuardRules) }),
    ),
  )
}

/**
 * The templates of the nested stacks under a stack's template: the nested templates its asset
 * manifest (`<stack>.assets.json`, next to the template) lists, which `cdk deploy` publishes as
 * file assets. Nested stacks of nested stacks are in the same manifest.
 */
export const nestedTemplatesOf = (templatePath: string): string[] => {
  const manifest = templatePath.replace(/\.template\.json$/, '.assets.json')
  if (manifest === templatePath || !existsSync(manifest)) return []
  const { files = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    files?: Record<string, { source: { path?: string } }>
  }
  return Object.values(files)
    .map((f) => f.source.path)
    .filter((p): p is string => p?.endsWith('.nested.template.json') ?? false)
    .map((p) => join(dirname(templatePath), p))
    .sort()
}

/** Stack templates and, after each, the templates of its nested stacks (named by the stack's path). */
export const withNestedTemplates = <T extends { templatePath: string; stackConstructPath: string }>(
  stacks: readonly T[],
): T[] =>
  stacks.flatMap((stack) => [
    stack,
    ...nestedTemplatesOf(stack.templatePath).map((templatePath) => ({ ...stack, templatePath })),
  ])

/** A validator that checks the nested stacks' templates as well as the stacks CDK gives it. */
export const withNestedStacks = (plugin: IPolicyValidationPlugin): IPolicyValidationPlugin => ({
  name: plugin.name,
  version: plugin.version,
  ruleIds: plugin.ruleIds,
  validate: (context: IPolicyValidationContext) => {
    const stackTemplates = withNestedTemplates(context.stackTemplates)
    const templatePaths = [
      ...new Set([...context.templatePaths, ...context.templatePaths.flatMap((p) => nestedTemplatesOf(p))]),
    ]
    return plugin.validate({ ...context, templatePaths, stackTemplates })
  },
})

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
 * Runs both validators over synthesized templates and their nested stacks' (the same checks as
 * synth, without synthesizing again; cfn-guard gets only the rules for resource types the
 * templates hold, which is what makes it quick). Returns every finding, errors and warnings alike.
 */
export const validateTemplates = async (templates: { path: string; stack: string }[]): Promise<ValidatorFinding[]> => {
  const stackTemplates = withNestedTemplates(
    templates.map((t) => ({
      templatePath: t.path,
      stackConstructPath: t.stack,
      accountId: undefined,
      region: undefined,
    })),
  )
  const paths = stackTemplates.map((t) => t.templatePath)
  const context = { templatePaths: paths, stackTemplates }
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
