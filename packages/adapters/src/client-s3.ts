import { S3Client } from '@aws-sdk/client-s3'
import { lazyClient } from './aws.ts'

/** The S3 client (exports and logos); path-style addressing for the local emulator. */
export const s3Client = lazyClient(
  's3',
  (options) => new S3Client({ ...options, forcePathStyle: 'endpoint' in options }),
)
