declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string
    port?: number
    directory?: string
    silent?: boolean
    configureBuckets?: { name: string; configs?: unknown[] }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
