import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { lazyClient } from './aws.ts'

/** The DynamoDB document client (the table). */
export const dynamoClient = lazyClient('dynamodb', (options) =>
  DynamoDBDocumentClient.from(new DynamoDBClient(options), { marshallOptions: { removeUndefinedValues: true } }),
)
