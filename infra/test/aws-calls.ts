import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { functionBundling } from '../lib/constructs/lambda.ts'
import { projectRoot } from './synth.ts'

/**
 * The AWS actions our code sends, read from the source: every `new XCommand(` whose class is
 * imported from an `@aws-sdk/*` package, mapped to the IAM action(s) it needs. The emulators of
 * the local stack do not check IAM, so this is how a missing grant shows before AWS.
 */

/** lib-dynamodb's document commands and the table actions they need. */
const documentCommands: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  TransactGetCommand: ['dynamodb:GetItem'],
  TransactWriteCommand: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
}

/** The IAM prefix of each AWS SDK client package (a command `XCommand` needs `<prefix>:X`). */
const servicePrefix: Record<string, string> = {
  'client-dynamodb': 'dynamodb',
  'client-s3': 's3',
  'client-sesv2': 'ses',
  'client-cognito-identity-provider': 'cognito-idp',
  'client-sqs': 'sqs',
  // GetSecretValueCommand → secretsmanager:GetSecretValue (packages/adapters/src/secrets.ts)
  'client-secrets-manager': 'secretsmanager',
  // EncryptCommand, DecryptCommand → kms:Encrypt, kms:Decrypt (packages/adapters/src/client-kms.ts)
  'client-kms': 'kms',
}

/** S3 operations whose IAM action is not their name. */
const s3Actions: Record<string, string[]> = {
  ListObjectsV2: ['s3:ListBucket'],
  HeadObject: ['s3:GetObject'],
}

/** What only tests import (`@app/data/testing`: it may Scan the whole table), never a function. */
const testOnly = new Set([join('packages', 'data', 'src', 'testing.ts')])

/** The source files of packages/{adapters,data,core}/src (tests and the local stack aside). */
export const packageSourceFiles = () =>
  ['adapters', 'data', 'core'].flatMap((pkg) => {
    const dir = join(projectRoot, 'packages', pkg, 'src')
    return (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => !testOnly.has(join('packages', pkg, 'src', f)))
      .map((f) => join(dir, f))
  })

/** `[action, file]` (file relative to the project root) for every AWS SDK command constructed in `files`. */
export const awsActionsIn = (files: string[]) =>
  files.flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    const origin = new Map<string, string>()
    for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@aws-sdk\/([\w-]+)'/g)) {
      for (const name of m[1]!.split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]!
          .replace(/^type\s+/, ''),
      )) {
        if (name) origin.set(name, m[2]!)
      }
    }
    return [...source.matchAll(/new\s+(\w+Command)\s*\(/g)].flatMap(([, command]) => {
      const pkg = origin.get(command!)
      if (!pkg) return []
      const op = command!.replace(/Command$/, '')
      const actions =
        pkg === 'lib-dynamodb'
          ? (documentCommands[command!] ?? [`unknown lib-dynamodb command ${command}`])
          : pkg === 'client-s3' && s3Actions[op]
            ? s3Actions[op]
            : [`${servicePrefix[pkg] ?? pkg}:${op}`]
      return actions.map((action) => [action, file.slice(projectRoot.length)] as const)
    })
  })

/**
 * The files of ours (packages/*, functions/*) whose code ends up in the bundle of `entry`, after
 * tree shaking: what that function can actually run.
 */
export const bundledSourceFiles = async (entry: string) => {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: projectRoot.replace(/\/$/, ''),
    outfile: join(projectRoot, 'node_modules', '.cache', 'app-infra', 'probe.mjs'),
    write: false,
    metafile: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: functionBundling.target,
    minify: true,
    mainFields: functionBundling.mainFields,
    logLevel: 'silent',
  })
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!
  return Object.entries(output.inputs)
    .filter(([file, input]) => input.bytesInOutput > 0 && /^(packages|functions)\//.test(file))
    .map(([file]) => join(projectRoot, file))
}
