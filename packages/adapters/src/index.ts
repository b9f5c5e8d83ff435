export * from './config.ts'
export * from './aws.ts'
export * from './health.ts'
