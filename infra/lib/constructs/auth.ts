import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib'
import {
  AccountRecovery,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  type PasswordPolicy,
} from 'aws-cdk-lib/aws-cognito'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import type { Settings } from '../settings.ts'

export interface AuthProps {
  /** `https://<site>`: the supervisor client's callback is `<appOrigin>/api/callback`. */
  appOrigin: string
  settings: Pick<
    Settings,
    | 'stackName'
    | 'supervisorIdp'
    | 'idpClientId'
    | 'idpClientSecretName'
    | 'oidcIssuer'
    | 'oidcProviderName'
    | 'authDomainPrefix'
  >
}

const strongPasswords: PasswordPolicy = {
  minLength: 12,
  requireDigits: true,
  requireLowercase: true,
  requireUppercase: true,
  requireSymbols: true,
  tempPasswordValidity: Duration.days(3),
}

const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')

/**
 * Two user pools (DESIGN.md section 3):
 * - supervisors sign in through the pool's hosted UI, federated to Google or an OpenID Connect
 *   provider from context (or the pool's own accounts, the default, so a first deploy needs no
 *   external setup). Our API is the pool's one confidential OIDC client (authorization code +
 *   PKCE); its client secret is copied into Secrets Manager for the functions that declare 'oidc'.
 * - staff and volunteers exist only because a supervisor created them (no self sign-up); the API
 *   checks their passwords with ADMIN_USER_PASSWORD_AUTH.
 */
export class Auth extends Construct {
  readonly supervisorPool: UserPool
  readonly supervisorClient: UserPoolClient
  /** The Cognito app client's secret, for the functions' OIDC client. */
  readonly supervisorClientSecret: Secret
  /** The OIDC issuer the functions discover: the supervisor pool's provider URL. */
  readonly issuer: string
  readonly staffPool: UserPool
  readonly staffClient: UserPoolClient

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id)
    const { settings } = props
    const federated = settings.supervisorIdp !== 'cognito'

    this.supervisorPool = new UserPool(this, 'SupervisorPool', {
      // With an external provider every supervisor comes from it; otherwise they sign up here.
      selfSignUpEnabled: !federated,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: strongPasswords,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    const domain = this.supervisorPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: settings.authDomainPrefix ?? `${kebab(settings.stackName)}-${Aws.ACCOUNT_ID}` },
    })

    const provider = this.identityProvider(settings)
    this.supervisorClient = this.supervisorPool.addClient('WebClient', {
      generateSecret: true,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [`${props.appOrigin}/api/callback`],
        logoutUrls: [`${props.appOrigin}/`],
      },
      supportedIdentityProviders: [
        provider
          ? settings.supervisorIdp === 'google'
            ? UserPoolClientIdentityProvider.GOOGLE
            : UserPoolClientIdentityProvider.custom(settings.oidcProviderName)
          : UserPoolClientIdentityProvider.COGNITO,
      ],
      preventUserExistenceErrors: true,
      // Only the sign-in itself uses these: the browser then holds our own session cookie.
      idTokenValidity: Duration.minutes(15),
      accessTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.hours(1),
    })
    if (provider) this.supervisorClient.node.addDependency(provider)
    this.supervisorClientSecret = new Secret(this, 'SupervisorClientSecret', {
      description: 'Client secret of the supervisor pool web client (the API is its OIDC client)',
      secretStringValue: this.supervisorClient.userPoolClientSecret,
    })
    this.issuer = this.supervisorPool.userPoolProviderUrl

    this.staffPool = new UserPool(this, 'StaffPool', {
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      passwordPolicy: strongPasswords,
      mfa: Mfa.OFF,
      // A supervisor resets a forgotten password; volunteers may have no email at all.
      accountRecovery: AccountRecovery.NONE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.staffClient = this.staffPool.addClient('ApiClient', {
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(15),
      accessTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.hours(1),
    })

    new CfnOutput(this, 'SupervisorSignInDomain', { value: domain.baseUrl() })
    new CfnOutput(this, 'SupervisorIssuer', { value: this.issuer })
    new CfnOutput(this, 'StaffUserPoolId', { value: this.staffPool.userPoolId })
  }

  private identityProvider(settings: AuthProps['settings']) {
    if (settings.supervisorIdp === 'cognito') return undefined
    const clientId = settings.idpClientId!
    // A CloudFormation dynamic reference: resolved at deploy time, never in the template.
    const clientSecret = SecretValue.secretsManager(settings.idpClientSecretName!)
    if (settings.supervisorIdp === 'google') {
      return new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.supervisorPool,
        clientId,
        clientSecretValue: clientSecret,
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
        },
      })
    }
    return new UserPoolIdentityProviderOidc(this, 'Oidc', {
      userPool: this.supervisorPool,
      name: settings.oidcProviderName,
      clientId,
      clientSecret: clientSecret.unsafeUnwrap(),
      issuerUrl: settings.oidcIssuer!,
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.other('email'),
        givenName: ProviderAttribute.other('given_name'),
        familyName: ProviderAttribute.other('family_name'),
      },
    })
  }
}
