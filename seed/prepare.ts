import { openDatabase } from '../db/client'
import { env, databasePath } from '../server/env'
import { seedAll } from './seed-all'

/** Start-up preparation: validate env, migrate, seed when empty. */
try {
  env()
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}
const file = databasePath()
const db = openDatabase(file)
const cities = db.$client.prepare('select count(*) as n from cities').get() as { n: number }
if (cities.n === 0) {
  const t0 = Date.now()
  seedAll(db)
  console.log(`Seeded an empty database at ${file} in ${Date.now() - t0} ms`)
} else {
  console.log(`Database ${file} is migrated`)
}
db.$client.close()
