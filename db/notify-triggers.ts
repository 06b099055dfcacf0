/**
 * PostgreSQL: (re)installs a statement trigger that NOTIFYs `channel` (after the commit, once per
 * transaction) on every table of the schema but `skipped` (whose trigger of that name is dropped).
 * Run after each migration, so tables a later migration adds are covered too (CREATE OR REPLACE
 * TRIGGER: PostgreSQL 14+). The whole-database change signal (db/pg-signal.ts) skips nothing; the
 * content version (db/content-version.ts) skips the private tables.
 */
export function notifyTriggersSql(channel: string, skipped: readonly string[] = []): string {
  const isSkipped = skipped.length ? `t.relname IN (${skipped.map((s) => `'${s}'`).join(', ')})` : 'FALSE'
  return `
CREATE OR REPLACE FUNCTION ${channel}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${channel}', '');
  RETURN NULL;
END $$;
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() LOOP
    IF ${isSkipped} THEN
      EXECUTE format('DROP TRIGGER IF EXISTS ${channel} ON %I', t.relname);
    ELSE
      EXECUTE format('CREATE OR REPLACE TRIGGER ${channel} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                     'FOR EACH STATEMENT EXECUTE FUNCTION ${channel}()', t.relname);
    END IF;
  END LOOP;
END $$;`
}
