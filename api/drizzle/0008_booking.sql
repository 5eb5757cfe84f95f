ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "topic_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "seat" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "reservations" AS r SET "seat" = numbered.place
  FROM (SELECT "id", row_number() OVER (PARTITION BY "room_id", "starts_at" ORDER BY "created_at", "id") AS place FROM "reservations") AS numbered
  WHERE numbered."id" = r."id";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
-- Rows from before booking: a cancelled one says so in its status, and appointments sharing a
-- start each take their own place, so that the constraints below hold for them.
UPDATE "reservations" SET "status" = 'cancelled' WHERE "cancelled_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_first_name" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_last_name" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "idempotency_key_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_day_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_hour_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "link_origin" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_topic_id_company_id_topics_id_company_id_fk" FOREIGN KEY ("topic_id","company_id") REFERENCES "public"."topics"("id","company_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_status_starts_idx" ON "reservations" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_company_email_idx" ON "reservations" USING btree ("company_id","customer_email");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_company_idempotency_unique" UNIQUE("company_id","idempotency_key_hash");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_seat_check" CHECK ("reservations"."seat" >= 1);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('booked', 'cancelled', 'completed', 'no_show'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_check" CHECK (("reservations"."status" = 'cancelled') = ("reservations"."cancelled_at" is not null));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_check" CHECK ("reservations"."cancelled_by" is null or "reservations"."cancelled_by" in ('customer', 'staff'));
--> statement-breakpoint
-- Capacity, held by the database whatever the concurrency: an active reservation holds one place
-- of its room, and no two active reservations hold the same place over overlapping periods
-- ([start, end): back-to-back appointments do not overlap). btree_gist lets the GiST index
-- compare the uuid and the place with =; PGlite loads the extension at start (database.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_place_exclusion"
  EXCLUDE USING gist ("room_id" WITH =, "seat" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" IN ('booked', 'completed'));
