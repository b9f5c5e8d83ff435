import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { startDynamo } from '../../local/src/emulators.ts'
import { ensureTable } from '../../local/src/provision.ts'
import { freePort } from '../../local/src/ports.ts'

/**
 * DynamoDB Local by itself (no stack, no app code), in a folder of its own, with `table` made as the
 * stack makes its table: for timing the emulator apart from our code. Stopped and removed after `run`.
 */
export const onLoneEmulator = async (
  name: string,
  table: string,
  run: (db: DynamoDBDocumentClient) => Promise<void>,
) => {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`))
  const port = await freePort()
  const dynamo = await startDynamo(port, join(dir, 'dynamodb'), { fullJit: true })
  try {
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    })
    await ensureTable(client, table)
    await run(DynamoDBDocumentClient.from(client))
  } finally {
    await dynamo.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
