CREATE TABLE "webinar_presenters" (
	"company_id" uuid NOT NULL,
	"webinar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "webinar_presenters_webinar_id_user_id_pk" PRIMARY KEY("webinar_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "webinar_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"webinar_id" uuid NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"token" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"link_origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"reminder_day_sent_at" timestamp with time zone,
	"reminder_soon_sent_at" timestamp with time zone,
	"cancellation_sent_at" timestamp with time zone,
	CONSTRAINT "webinar_registrations_status_check" CHECK ("webinar_registrations"."status" in ('registered', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinars_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "webinars_status_check" CHECK ("webinars"."status" in ('draft', 'published', 'live', 'ended', 'cancelled')),
	CONSTRAINT "webinars_capacity_check" CHECK ("webinars"."capacity" between 1 and 1000),
	CONSTRAINT "webinars_registered_check" CHECK ("webinars"."registered" >= 0 and "webinars"."registered" <= "webinars"."capacity"),
	CONSTRAINT "webinars_duration_check" CHECK ("webinars"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
ALTER TABLE "webinar_presenters" ADD CONSTRAINT "webinar_presenters_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_presenters" ADD CONSTRAINT "webinar_presenters_user_id_company_id_users_id_company_id_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_presenters_company_user_idx" ON "webinar_presenters" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrations_active_email_unique" ON "webinar_registrations" USING btree ("webinar_id","email_key") WHERE "webinar_registrations"."status" = 'registered';--> statement-breakpoint
CREATE INDEX "webinar_registrations_company_webinar_idx" ON "webinar_registrations" USING btree ("company_id","webinar_id","created_at");--> statement-breakpoint
CREATE INDEX "webinars_company_starts_idx" ON "webinars" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "webinars_company_store_idx" ON "webinars" USING btree ("company_id","store_id");--> statement-breakpoint
-- Row-level security and grants for the new tables, as in 0001 and 0017. What the application
-- does: webinars are created, edited and moved through their statuses (never deleted: they go with
-- their store or company); presenters are replaced; registrations are added and cancelled.
GRANT SELECT, INSERT, UPDATE ON webinars, webinar_registrations TO incontra_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON webinar_presenters TO incontra_app;
--> statement-breakpoint
ALTER TABLE webinars ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinars FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinars
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE webinar_presenters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_presenters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_presenters
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE webinar_registrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_registrations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_registrations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
