CREATE TABLE "activity_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"retention_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_settings_retention_days_check" CHECK ("activity_settings"."retention_days" in (90, 180, 365, 730))
);
--> statement-breakpoint
ALTER TABLE "activity_settings" ADD CONSTRAINT "activity_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security for the new tenant table, as in 0001.
GRANT SELECT, INSERT, UPDATE ON activity_settings TO incontra_app;
--> statement-breakpoint
ALTER TABLE activity_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_settings
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The log stays append-only for the application (0006: no UPDATE, no DELETE). Its retention is
-- applied by this function alone, run with the owner's rights: it deletes, of the company, at most
-- `batch` entries older than the company's chosen retention at `at` (the oldest first), nothing
-- when the company keeps them for ever. Only the transaction's tenant (app.company_id): row-level
-- security cannot be counted on inside it, the owner may be a superuser, who bypasses it even
-- FORCEd. Days are 24 hours, as the API counts them.
CREATE FUNCTION expire_activity_log(company uuid, at timestamptz, batch integer) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  WITH expired AS (
    SELECT l.id FROM activity_log l JOIN activity_settings s ON s.company_id = l.company_id
    WHERE l.company_id = company
      AND company = nullif(current_setting('app.company_id', true), '')::uuid
      AND s.retention_days IS NOT NULL
      AND l.created_at < at - s.retention_days * interval '24 hours'
    ORDER BY l.created_at
    LIMIT batch
  ), gone AS (
    DELETE FROM activity_log WHERE id IN (SELECT id FROM expired) RETURNING 1
  )
  SELECT count(*)::integer FROM gone
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION expire_activity_log(uuid, timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION expire_activity_log(uuid, timestamptz, integer) TO incontra_app;
