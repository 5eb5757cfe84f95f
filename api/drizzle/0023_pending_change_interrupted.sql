ALTER TABLE "subscriptions" ADD COLUMN "pending_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_change_proration_at" timestamp with time zone;--> statement-breakpoint
-- A checkout already pending keeps the instant it was taken (it was updated_at until now).
UPDATE "subscriptions" SET "pending_change_at" = "updated_at" WHERE "pending_change" IS NOT NULL;
