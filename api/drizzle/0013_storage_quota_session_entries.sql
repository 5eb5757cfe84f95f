CREATE TABLE "editor_images" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editor_images_size_check" CHECK ("editor_images"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "video_room_staff_entries" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "editor_images" ADD CONSTRAINT "editor_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editor_images_uploader_idx" ON "editor_images" USING btree ("company_id","uploaded_by","created_at");--> statement-breakpoint
-- Row-level security for the new tenant table, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON editor_images TO incontra_app;
--> statement-breakpoint
ALTER TABLE editor_images ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE editor_images FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON editor_images
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- Rich texts keep only the company's own uploaded images now (src/rich-text/sanitize.ts): images of
-- other sites stored before are taken out the same way. Stored texts are the sanitiser's output, in
-- which an image is `<img src="…" …/>` with src first and no `>` inside a value, so a regular
-- expression reads them exactly. FORCE is lifted for the owner's update (every company's rows) and
-- set again.
ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE companies SET
  privacy_policy = regexp_replace(privacy_policy, '<img src="(?!/api/editor/images/)[^"]*"[^>]*>', '', 'g'),
  tos_policy = regexp_replace(tos_policy, '<img src="(?!/api/editor/images/)[^"]*"[^>]*>', '', 'g'),
  wall = regexp_replace(wall, '<img src="(?!/api/editor/images/)[^"]*"[^>]*>', '', 'g')
WHERE privacy_policy LIKE '%<img %' OR tos_policy LIKE '%<img %' OR wall LIKE '%<img %';
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stores NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE stores SET wall = regexp_replace(wall, '<img src="(?!/api/editor/images/)[^"]*"[^>]*>', '', 'g') WHERE wall LIKE '%<img %';
--> statement-breakpoint
ALTER TABLE stores FORCE ROW LEVEL SECURITY;
