/**
 * The single table's shape, read by the local provisioner and by the CDK data construct,
 * so both build the same keys and indexes. See README.md for the access patterns.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expire',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const

export type IndexName = (typeof tableDefinition.indexes)[number]['name']
