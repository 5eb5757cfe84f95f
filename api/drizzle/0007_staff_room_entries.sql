CREATE TABLE "video_room_staff_entries" (
	"identity" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_room_staff_entries" ADD CONSTRAINT "video_room_staff_entries_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_staff_entries" ADD CONSTRAINT "video_room_staff_entries_user_id_company_id_users_id_company_id_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_room_staff_entries_user_idx" ON "video_room_staff_entries" USING btree ("company_id","user_id");--> statement-breakpoint
-- Row-level security for the new tenant table, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON video_room_staff_entries TO incontra_app;
--> statement-breakpoint
ALTER TABLE video_room_staff_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE video_room_staff_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON video_room_staff_entries
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
