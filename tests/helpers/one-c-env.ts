import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setEnvForTests } from '../../server/env'
import { LOGIN, PASSWORD } from './one-c'

/** The catalog exchange's settings in the 1C tests: credentials and the price types of the fixtures. */
export const EXCHANGE_ENV = {
  EXCHANGE_1C_LOGIN: LOGIN,
  EXCHANGE_1C_PASSWORD: PASSWORD,
  PRICE_TYPE_1C: 'Розничная',
  PRICE_TYPE_1C_OLD: 'Цена до скидки',
}

/** Turns the exchange on for this test file, with an exchange folder of its own. */
export function enableCatalogExchange() {
  setEnvForTests({ ...EXCHANGE_ENV, EXCHANGE_1C_DIR: mkdtempSync(join(tmpdir(), '1c-exchange-')) })
}
