/**
 * The local YCLIENTS (tests/fakes/yclients.ts) as a process, for running the shop or an e2e spec
 * with BOOKING_PROVIDER=yclients against it:
 *
 *   npx tsx tests/fakes/yclients-cli.ts --port 4313 --company 512345:+07:00 [--company 512346:+03:00]
 *
 * Each company has the two masters and the one service of tests/helpers/yclients.ts (service
 * 9001; staff 101 and 102), open 10:00–14:00 of its offset. Point a salon's
 * `yclients_company_id` and a service's `yclients_service_id` at them.
 */
import { startFakeYclients } from './yclients'
import { yclientsCompany } from '../helpers/yclients'

const args = process.argv.slice(2)
const values = (name: string) => args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]!] : []))
const companies = (values('company').length ? values('company') : ['512345:+07:00']).map((c) => {
  const [id, offset] = c.split(':') as [string, string | undefined]
  return yclientsCompany(Number(id), offset ?? '+03:00')
})
const fake = await startFakeYclients({ companies, port: Number(values('port')[0] ?? 4313), host: values('host')[0] })
process.stdout.write(
  `Fake YCLIENTS: YCLIENTS_API_URL=${fake.url} YCLIENTS_PARTNER_TOKEN=${fake.partnerToken} YCLIENTS_USER_TOKEN=${fake.userToken}\n`,
)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
