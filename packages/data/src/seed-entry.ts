/** Writing whole organizations at once: `npm run seed`, the demo organization and the benchmark. */
export { seedOrganization, stableId, type SeedAuditRecord, type SeedOrganization } from './seed.ts'
export { sampleMemberOf, sampleOrganization, type SampleOptions } from './sample-organization.ts'
