-- activity_log is append-only for the application: it may add and read rows, never change or remove them.
CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_action_check" CHECK ("activity_log"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "room_opening_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"date" date NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	CONSTRAINT "room_opening_exceptions_room_date_unique" UNIQUE("room_id","date")
);
--> statement-breakpoint
CREATE TABLE "topic_rooms" (
	"company_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	CONSTRAINT "topic_rooms_topic_id_room_id_pk" PRIMARY KEY("topic_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_id_company_unique" UNIQUE("id","company_id");--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Europe/Rome' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_opening_exceptions" ADD CONSTRAINT "room_opening_exceptions_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_rooms" ADD CONSTRAINT "topic_rooms_topic_id_company_id_topics_id_company_id_fk" FOREIGN KEY ("topic_id","company_id") REFERENCES "public"."topics"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_rooms" ADD CONSTRAINT "topic_rooms_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_company_created_idx" ON "activity_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_company_user_idx" ON "activity_log" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_log_company_entity_idx" ON "activity_log" USING btree ("company_id","entity_type","created_at");--> statement-breakpoint
CREATE INDEX "room_opening_exceptions_company_idx" ON "room_opening_exceptions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "topic_rooms_company_idx" ON "topic_rooms" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "topic_rooms_room_idx" ON "topic_rooms" USING btree ("room_id");--> statement-breakpoint
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON topic_rooms TO incontra_app;
--> statement-breakpoint
ALTER TABLE topic_rooms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE topic_rooms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON topic_rooms
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON room_opening_exceptions TO incontra_app;
--> statement-breakpoint
ALTER TABLE room_opening_exceptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE room_opening_exceptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON room_opening_exceptions
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON activity_log TO incontra_app;
--> statement-breakpoint
ALTER TABLE activity_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_log
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
