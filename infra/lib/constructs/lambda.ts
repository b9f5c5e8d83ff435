import { join } from 'node:path'
import { RemovalPolicy, type Duration } from 'aws-cdk-lib'
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam'
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda'
import {
  LogLevel,
  NodejsFunction,
  OutputFormat,
  type BundlingOptions,
  type NodejsFunctionProps,
} from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs'
import type { Construct } from 'constructs'

/**
 * Packages each bundle takes from elsewhere (esbuild's alias, resolved from the project root): the
 * SDK's default credential chain gives way to the environment variables Lambda sets
 * (packages/adapters/src/lambda-credentials.ts), about 100 KB less in every function.
 */
export const functionAliases = { '@aws-sdk/credential-provider-node': '@app/adapters/lambda-credentials' }

/**
 * How every function is bundled: one minified ES module with a source map, Node 22, AWS SDK
 * included (the versions we test, not whichever the runtime carries).
 */
export const functionBundling = {
  format: OutputFormat.ESM,
  target: 'node22',
  platform: 'node',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: [],
  // Libraries' production builds only (React's server renderer of the emails ships both otherwise).
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  logLevel: LogLevel.WARNING,
  esbuildArgs: { '--alias': Object.entries(functionAliases).map(([from, to]) => `${from}=${to}`) },
} satisfies BundlingOptions

export const allow = (actions: string[], resources: string[]) => new PolicyStatement({ actions, resources })

interface FunctionBaseProps {
  /** The function's description. */
  description: string
  /** The TypeScript module esbuild bundles; it exports `handler`. */
  entry: string
  /** The directory holding package-lock.json (esbuild resolves packages from here). */
  projectRoot: string
  timeout: Duration
  /** All of its variables (lib/environment.ts: NODE_OPTIONS and APP_ORIGIN included). */
  environment: Record<string, string>
  /** Anything else of the function (a dead-letter queue, retries). */
  extra?: Partial<NodejsFunctionProps>
}

export interface AppFunctionProps extends FunctionBaseProps {
  /** The role's description (what the function may use). */
  roleDescription: string
  /** What the function may do besides writing its own log group. */
  statements: PolicyStatement[]
}

/** How long function logs are kept; they are deleted with the stack. */
export const functionLogGroup = (scope: Construct, id: string) =>
  new LogGroup(scope, id, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY })

/**
 * A role Lambda assumes, whose one inline policy allows writing `logGroup` (instead of the managed
 * basic-execution policy, which may write to any log group) plus `statements`. Inline, so a role
 * costs no policy resource.
 */
export const functionRole = (
  scope: Construct,
  id: string,
  props: { description: string; logGroup: ILogGroup; statements: PolicyStatement[] },
) =>
  new Role(scope, id, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
    inlinePolicies: {
      access: new PolicyDocument({
        statements: [
          allow(['logs:CreateLogStream', 'logs:PutLogEvents'], [props.logGroup.logGroupArn]),
          ...props.statements,
        ],
      }),
    },
  })

/**
 * A function on a given role and log group: Node.js 22 on ARM64, JSON logs. The API routes share
 * one log group and share a role between routes whose statements are identical (constructs/api.ts).
 */
export const functionOn = (
  scope: Construct,
  id: string,
  props: FunctionBaseProps & { role: IRole; logGroup: ILogGroup },
) =>
  new NodejsFunction(scope, id, {
    description: props.description,
    entry: props.entry,
    handler: 'handler',
    projectRoot: props.projectRoot,
    depsLockFilePath: join(props.projectRoot, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: props.timeout,
    role: props.role,
    logGroup: props.logGroup,
    loggingFormat: LoggingFormat.JSON,
    applicationLogLevelV2: ApplicationLogLevel.INFO,
    systemLogLevelV2: SystemLogLevel.WARN,
    environment: props.environment,
    bundling: functionBundling,
    ...props.extra,
  })

/**
 * A function with a log group of its own (`<id>Logs`) and a role of its own (`<id>Role`, writing
 * that log group plus `statements`): the scheduled jobs.
 */
export const appFunction = (scope: Construct, id: string, props: AppFunctionProps) => {
  const logGroup = functionLogGroup(scope, `${id}Logs`)
  const role = functionRole(scope, `${id}Role`, {
    description: props.roleDescription,
    logGroup,
    statements: props.statements,
  })
  return functionOn(scope, id, { ...props, role, logGroup })
}
