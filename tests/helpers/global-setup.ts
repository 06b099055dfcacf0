import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { closeDatabase, openDatabase } from '../../db/client'
import { seedAll } from '../../seed/seed-all'

/** Builds the base database once; each test file copies it (Epic Stack's pattern). */
export default async function setup(project: { provide: (key: 'baseDb', value: string) => void }) {
  const file = join(tmpdir(), `hair-shop-test-base-${process.pid}.db`)
  for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
  const db = openDatabase(file)
  await seedAll(db)
  db.$client.pragma('wal_checkpoint(TRUNCATE)')
  await closeDatabase(db)
  project.provide('baseDb', file)
  return () => {
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseDb: string
  }
}
