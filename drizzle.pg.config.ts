import { defineConfig } from 'drizzle-kit'

// The PostgreSQL twin of drizzle.config.ts (ADR 023): `npm run db:generate:pg` writes drizzle-pg/
// from db/schema-pg (itself generated from db/schema by `npm run db:pg-schema`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg/index.ts',
  out: './drizzle-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/shop' },
  strict: true,
  verbose: true,
})
