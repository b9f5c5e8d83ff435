import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { lazyClient } from './aws.ts'

/** The Cognito client (the staff user pool). */
export const cognitoClient = lazyClient('cognito', (options) => new CognitoIdentityProviderClient(options))
