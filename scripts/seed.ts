/**
 * npm run seed -- --orgs N --members M --weeks W [--quick]
 * Fills the running local stack (or the table TABLE_NAME points at) with realistic organizations,
 * members and timesheets in every state, through the data layer. Idempotent per organization.
 */
import { parseArgs } from 'node:util'
import { staffPool } from '@app/adapters'
import { sampleOrganization, seedOrganization } from '@app/data/seed'
import { localSubjectFor, useRunningStack } from '@app/local'

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '3' },
    members: { type: 'string', default: '12' },
    weeks: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
  },
})
const orgs = values.quick ? 2 : Number(values.orgs)
const members = values.quick ? 4 : Number(values.members)
const weeks = values.quick ? 3 : Number(values.weeks)
if (![orgs, members, weeks].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: npm run seed -- --orgs N --members M --weeks W (positive whole numbers)')
  process.exit(2)
}

const NAMES = [
  'Grace Community Church',
  'St. Andrew’s Parish',
  'New Hope Fellowship',
  'Cornerstone Chapel',
  'Riverside Ministries',
  'Iglesia Fuente de Vida',
  'Hillside Baptist',
  'Harvest Mission',
]
const STAFF_PASSWORD = 'Welcome-To-Grace-2026'

const bar = (done: number, total: number, label: string) => {
  const width = 30
  const filled = Math.round((done / total) * width)
  process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label.padEnd(40)}`)
}

const main = async () => {
  useRunningStack()
  const started = Date.now()
  let written = 0
  let sheets = 0
  for (let i = 0; i < orgs; i++) {
    const name = i < NAMES.length ? NAMES[i]! : `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`
    bar(i, orgs, name)
    const email = `pastor${i === 0 ? '' : i + 1}@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`
    const seed = sampleOrganization({
      name,
      members,
      weeks,
      supervisor: {
        email,
        firstName: 'Pat',
        lastName: 'Mensah',
        login: { issuer: process.env.OIDC_ISSUER!, subject: localSubjectFor(email) },
      },
    })
    written += (await seedOrganization(seed)).items
    sheets += seed.timesheets.length
    if (i === 0) {
      // A few staff logins of the first organization, to try the staff side.
      for (const member of seed.members.filter((m) => m.username).slice(0, 3)) {
        await staffPool.createUser(member.username!, STAFF_PASSWORD).catch(async (e: Error) => {
          if (e.name !== 'UsernameExistsException') throw e
          await staffPool.setPassword(member.username!, STAFF_PASSWORD)
        })
      }
      console.log(`\n\n${name}: sign in as its supervisor at /api/login with the email ${email}`)
      const staff = seed.members.filter((m) => m.username).slice(0, 3)
      console.log(
        `Staff logins at /staff-login (password ${STAFF_PASSWORD}): ${staff.map((m) => m.username).join(', ')}\n`,
      )
    }
  }
  bar(orgs, orgs, 'done')
  console.log(
    `\nSeeded ${orgs} organizations, ${orgs * members} members, ${sheets} timesheets (${written} items) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}

main().catch((e: unknown) => {
  console.error(`\nSeeding failed: ${e instanceof Error ? e.message : String(e)}`)
  if ((e as { code?: string }).code === 'ECONNREFUSED' || String(e).includes('ECONNREFUSED'))
    console.error('Is the local stack running? Start it with npm start.')
  process.exit(1)
})
