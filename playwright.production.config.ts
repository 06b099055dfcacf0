import { defineConfig } from '@playwright/test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import base from './playwright.config'

/**
 * The shop in SHOP_MODE=production against local fakes of its outside services: SMS.ru and
 * YooKassa, each a real HTTP server written from the service's public documentation
 * (tests/fakes/). Reuses the production build of the main e2e run (npm run test:e2e builds it).
 */
const PORT = Number(process.env.PROD_E2E_PORT ?? 3230)
const SMS_PORT = PORT + 1
const KASSA_PORT = PORT + 2
const DB = join(tmpdir(), `hair-shop-e2e-prod-${Date.now()}.db`)
const ORIGIN = `http://localhost:${PORT}`
export const SMSRU_API_ID = 'E2E0A1B2-C3D4-E5F6-0718-293A4B5C6D7E'
const KASSA = { shopId: '100500', secretKey: 'test_e2eSecretKeyForTheLocalFake0123456789' }
export const FAKES = { sms: `http://127.0.0.1:${SMS_PORT}`, kassa: `http://127.0.0.1:${KASSA_PORT}` }

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-production',
  use: { ...base.use, baseURL: ORIGIN },
  webServer: [
    {
      command: `npx tsx tests/fakes/smsru.ts --port ${SMS_PORT} --api-id ${SMSRU_API_ID}`,
      url: `${FAKES.sms}/__fake/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx tests/fakes/yookassa.ts --port ${KASSA_PORT} --shop-id ${KASSA.shopId} --secret-key ${KASSA.secretKey} --webhook ${ORIGIN}/api/payment-notify/yookassa/`,
      // Without Basic auth the API answers 401: up and refusing strangers.
      url: `${FAKES.kassa}/v3/payments/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node scripts/start.mjs`,
      url: `${ORIGIN}/api/site-options/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        DATABASE_URL: `file:${DB}`,
        LOG_LEVEL: 'warn',
        SHOP_MODE: 'production',
        APP_ORIGIN: ORIGIN,
        SMS_PROVIDER: 'smsru',
        SMSRU_API_ID,
        SMSRU_API_URL: FAKES.sms,
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: KASSA.shopId,
        YOOKASSA_SECRET_KEY: KASSA.secretKey,
        YOOKASSA_API_URL: `${FAKES.kassa}/v3`,
        MAIL_PROVIDER: 'none',
      },
    },
  ],
})
