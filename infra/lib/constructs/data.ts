import { RemovalPolicy } from 'aws-cdk-lib'
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb'
import { Construct } from 'constructs'
import { tableDefinition } from '@app/data'

/**
 * The single table, built from the same definition the local provisioner reads
 * (packages/data/src/table-definition.ts): keys, GSIs and the TTL attribute.
 * On-demand, point-in-time recovery, deletion protection, and kept when the stack goes.
 */
export class Data extends Construct {
  readonly table: Table

  constructor(scope: Construct, id: string) {
    super(scope, id)
    const key = (name: string) => ({ name, type: AttributeType.STRING })
    this.table = new Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    for (const index of tableDefinition.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      })
    }
  }
}
