import { createHash } from 'node:crypto'
import { CfnParameter, CfnResource, Duration, NestedStack, Reference, Tokenization } from 'aws-cdk-lib'
import {
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  HttpRouteKey,
  IntegrationCredentials,
  PayloadFormatVersion,
  type HttpApi,
  type HttpRouteIntegrationBindOptions,
  type HttpRouteIntegrationConfig,
} from 'aws-cdk-lib/aws-apigatewayv2'
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { ILogGroup } from 'aws-cdk-lib/aws-logs'
import type { Construct } from 'constructs'
import { functionTimeouts } from '../definition.ts'
import { functionOn, functionRole } from './lambda.ts'

/** How many route functions one invoke role may call (its inline policy lists each ARN; IAM allows 10,240 characters). */
export const FUNCTIONS_PER_INVOKE_ROLE = 40

/** The resource types whose references a route group takes as NoEcho parameters (RouteGroup.setParameter). */
export const SECRET_HOLDERS = ['AWS::SecretsManager::Secret', 'AWS::KMS::Key']

/** `health/get-health` → `HealthGetHealth`: the construct id of a route's function. */
export const routeId = (key: string) =>
  key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')

/**
 * The group a route's resources go in: its folder under functions/src (`members/add-member` →
 * `members`). A new route joins its folder's group and moves no other route between stacks.
 */
export const routeGroupOf = (key: string) => key.split('/')[0]!

/**
 * A Lambda proxy integration (payload 2.0) that API Gateway calls as `role`, instead of a
 * resource-based permission on the function (one more CloudFormation resource per route).
 */
export class LambdaAsRoleIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: IFunction,
    private readonly role: IRole,
  ) {
    super(id)
  }

  bind(_options: HttpRouteIntegrationBindOptions): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    }
  }
}

export interface RouteGroupProps {
  /** The parent stack's API: the routes attach to it (their templates take its id as a parameter). */
  httpApi: HttpApi
  /** The one log group every route function writes, in the parent stack. */
  logGroup: ILogGroup
  /** The directory holding package-lock.json (esbuild resolves packages from here). */
  projectRoot: string
}

/** What the API construct decided for one route: its function, its grants and its variables. */
export interface GroupRoute {
  method: string
  path: string
  description: string
  /** The generated Lambda entry (api.ts, writeEntry). */
  entry: string
  environment: Record<string, string>
  /** Everything its role allows besides writing the routes' log group. */
  statements: PolicyStatement[]
  /** What the role allows, in words (called only when the role is new). */
  roleDescription: () => string
}

/**
 * The routes of one folder of functions/src, in a nested stack of their own: each route's
 * function, integration and route, the roles its functions run as, the invoke roles API Gateway
 * calls them with, and (operations.ts) their alarms. CloudFormation counts its resources apart
 * from the parent's 500, so the parent stack no longer grows with the routes (docs/operations.md).
 *
 * Construct ids carry the group's name (`<Group>Role<hash>`, `<Group>Invoke<n>`) or the route's
 * (`<Route>`, `<Route>Route`), so a logical id names one resource across every template.
 */
export class RouteGroup extends NestedStack {
  /** `Members` for the folder `members`: the prefix of the group's own construct ids. */
  readonly idPrefix: string
  readonly functions = new Map<string, NodejsFunction>()
  readonly routes = new Map<string, HttpRoute>()
  /** The route roles, by the key of their statements (one per distinct set of statements in this group). */
  readonly roles = new Map<string, Role>()
  /**
   * The roles API Gateway assumes to call the group's functions: only API Gateway may assume one,
   * and it may invoke exactly the functions listed (FUNCTIONS_PER_INVOKE_ROLE to a role), nothing else.
   */
  readonly invokeRoles: { role: Role; invoke: PolicyStatement }[] = []
  private readonly props: RouteGroupProps

  constructor(scope: Construct, id: string, props: RouteGroupProps & { idPrefix: string; description: string }) {
    super(scope, id, { description: props.description })
    this.props = props
    this.idPrefix = props.idPrefix
  }

  /**
   * CDK passes each value of the parent's that the group refers to as a parameter. One that names
   * what holds or seals secrets (a Secrets Manager secret's ARN, the secrets key's: never a value;
   * the origin header's value is a dynamic reference CloudFormation resolves) is masked as a
   * secret would be, NoEcho: the CloudFormation validator asks it of a parameter named after a
   * secret, and no person needs to read these in the console.
   */
  override setParameter(name: string, value: string) {
    super.setParameter(name, value)
    const ref = Tokenization.reverseString(value).firstToken
    const target = ref instanceof Reference ? ref.target : undefined
    if (CfnResource.isCfnResource(target) && SECRET_HOLDERS.includes(target.cfnResourceType)) {
      const param = this.node.children.find((c) => c instanceof CfnParameter && c.logicalId === name)
      if (param) (param as CfnParameter).noEcho = true
    }
  }

  /** One function, one integration and one route. */
  addRoute(key: string, route: GroupRoute): HttpRoute {
    const id = routeId(key)
    const fn = functionOn(this, id, {
      description: route.description,
      entry: route.entry,
      projectRoot: this.props.projectRoot,
      timeout: Duration.seconds(functionTimeouts.route),
      role: this.roleFor(route.statements, route.roleDescription),
      logGroup: this.props.logGroup,
      environment: route.environment,
    })
    const httpRoute = new HttpRoute(this, `${id}Route`, {
      httpApi: this.props.httpApi,
      routeKey: HttpRouteKey.with(route.path, route.method as HttpMethod),
      integration: new LambdaAsRoleIntegration(`${id}Integration`, fn, this.invokeRoleFor(fn)),
    })
    this.functions.set(key, fn)
    this.routes.set(key, httpRoute)
    return httpRoute
  }

  /**
   * The role of a function with these statements: the existing one when another route of the
   * group has exactly the same statements (compared resolved, in any order), a new one otherwise.
   */
  private roleFor(statements: PolicyStatement[], describe: () => string) {
    const key = JSON.stringify(
      [...new Set(statements.map((st) => JSON.stringify(this.resolve(st.toStatementJson()))))].sort(),
    )
    let role = this.roles.get(key)
    if (!role) {
      const hash = createHash('sha256').update(key).digest('hex').slice(0, 10)
      role = functionRole(this, `${this.idPrefix}Role${hash}`, {
        description: describe(),
        logGroup: this.props.logGroup,
        statements,
      })
      this.roles.set(key, role)
    }
    return role
  }

  /** The invoke role of the next route function, which may now call it. */
  private invokeRoleFor(fn: IFunction) {
    let last = this.invokeRoles.at(-1)
    if (!last || last.invoke.resources.length >= FUNCTIONS_PER_INVOKE_ROLE) {
      const invoke = new PolicyStatement({ actions: ['lambda:InvokeFunction'] })
      const n = this.invokeRoles.length + 1
      const role = new Role(this, `${this.idPrefix}Invoke${n}`, {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        description: `The HTTP API's integrations: invoke the ${this.idPrefix} route functions (group ${n})`,
        inlinePolicies: { invoke: new PolicyDocument({ statements: [invoke] }) },
      })
      last = { role, invoke }
      this.invokeRoles.push(last)
    }
    last.invoke.addResources(fn.functionArn)
    return last.role
  }
}
