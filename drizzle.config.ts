import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './drizzle',
  dbCredentials: { url: (process.env.DATABASE_URL ?? 'file:./data/shop.db').replace(/^file:/, '') },
  strict: true,
  verbose: true,
})
