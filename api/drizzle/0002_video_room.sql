CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('document', 'chat')),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_room_revocations" (
	"identity" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_revocations" ADD CONSTRAINT "video_room_revocations_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_room_created_idx" ON "documents" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "video_room_revocations_company_idx" ON "video_room_revocations" USING btree ("company_id");--> statement-breakpoint
-- Row-level security for the new tenant tables, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON video_room_revocations, documents TO incontra_app;
--> statement-breakpoint
ALTER TABLE video_room_revocations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE video_room_revocations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON video_room_revocations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON documents
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
