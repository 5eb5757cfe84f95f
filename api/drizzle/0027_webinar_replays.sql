CREATE TABLE "webinar_replays" (
	"company_id" uuid NOT NULL,
	"webinar_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"file_key" text,
	"bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinar_replays_status_check" CHECK ("webinar_replays"."status" in ('recording', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webinar_replays" ADD CONSTRAINT "webinar_replays_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_replays_due_idx" ON "webinar_replays" USING btree ("company_id","status","next_attempt_at");--> statement-breakpoint
-- Row-level security and grants for the replays, as the other webinar tables (0024, 0026): a row is
-- made when a presenter first records, moved by the end and the replay sweep, deleted by the company.
GRANT SELECT, INSERT, UPDATE, DELETE ON webinar_replays TO incontra_app;
--> statement-breakpoint
ALTER TABLE webinar_replays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_replays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_replays
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
