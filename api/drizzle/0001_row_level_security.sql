-- Row-level security: the second wall between tenants (the first is every repository scoping by
-- company_id). Application queries run as incontra_app, a NOLOGIN role that owns nothing, inside a
-- transaction that sets app.company_id; a query that forgets its company filter still sees only
-- that company's rows, and a query without the setting sees none. FORCE makes the owner obey the
-- policies too (superusers, like PGlite's default user, always bypass RLS: hence SET ROLE).
-- Written for PostgreSQL 15 and later.
DO $$
BEGIN
  CREATE ROLE incontra_app NOLOGIN;
EXCEPTION
  -- The role is cluster-wide: another database of the same server may have created it already.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- The connecting user must be allowed to SET ROLE incontra_app.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'incontra_app', 'MEMBER') THEN
    EXECUTE format('GRANT incontra_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO incontra_app;
--> statement-breakpoint
-- Global price list and the public host routing table: readable, never writable, by the application.
GRANT SELECT ON plans, company_hosts TO incontra_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON companies TO incontra_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON stores, rooms, room_translations, topics, slot_schedules, users, sessions, password_reset_tokens, subscriptions, mail_outbox TO incontra_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies
  USING (id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stores
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE rooms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rooms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON rooms
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE room_translations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE room_translations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON room_translations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE topics ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE topics FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON topics
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE slot_schedules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE slot_schedules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON slot_schedules
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE password_reset_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_reset_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON password_reset_tokens
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscriptions
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mail_outbox
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
