CREATE TABLE "booking_breakers" (
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"bookings" integer NOT NULL,
	"tripped_at" timestamp with time zone,
	"until_at" timestamp with time zone,
	CONSTRAINT "booking_breakers_company_id_store_id_pk" PRIMARY KEY("company_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "booking_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"email_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"link_origin" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_email_key" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "participant_invites" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_breakers" ADD CONSTRAINT "booking_breakers_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_confirmations" ADD CONSTRAINT "booking_confirmations_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_confirmations_company_email_idx" ON "booking_confirmations" USING btree ("company_id","email_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_sent_by_idx" ON "mail_outbox" USING btree ("company_id","sent_by","created_at");--> statement-breakpoint
CREATE INDEX "reservations_company_email_key_idx" ON "reservations" USING btree ("company_id","customer_email_key");
--> statement-breakpoint
-- The per-customer key of the addresses already booked: lower case, no "+tag", no dots before the @.
UPDATE "reservations" SET "customer_email_key" = replace(split_part(split_part(lower("customer_email"), '@', 1), '+', 1), '.', '') || '@' || split_part(lower("customer_email"), '@', 2) WHERE "customer_email" IS NOT NULL;
--> statement-breakpoint
UPDATE "reservations" r SET "participant_invites" = (SELECT count(*) FROM "reservation_participants" p WHERE p.reservation_id = r.id AND p.company_id = r.company_id);
--> statement-breakpoint
-- Row-level security for the new tenant tables, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON booking_confirmations TO incontra_app;
--> statement-breakpoint
ALTER TABLE booking_confirmations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE booking_confirmations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON booking_confirmations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON booking_breakers TO incontra_app;
--> statement-breakpoint
ALTER TABLE booking_breakers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE booking_breakers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON booking_breakers
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
