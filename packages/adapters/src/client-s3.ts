import { S3Client } from '@aws-sdk/client-s3'
import { lazyClient } from './aws.ts'

/**
 * The local S3 emulator signs a bucket-level request (listing, erasure) as `/bucket`,
 * where the SDK sends and signs `/bucket/`: locally the path loses that slash before it is
 * signed. S3 itself answers both the same.
 */
const withoutBucketSlash = (client: S3Client) => {
  client.middlewareStack.add(
    (next) => (args) => {
      const request = (args as { request?: { path?: string } }).request
      if (request?.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1)
      return next(args)
    },
    { step: 'build', name: 'localBucketPath' },
  )
  return client
}

/** The S3 client (exports and logos); path-style addressing for the local emulator. */
export const s3Client = lazyClient('s3', (options) =>
  'endpoint' in options
    ? withoutBucketSlash(new S3Client({ ...options, forcePathStyle: true }))
    : new S3Client({ ...options, forcePathStyle: false }),
)
