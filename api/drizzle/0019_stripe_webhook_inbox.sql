ALTER TABLE "stripe_events" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "object" jsonb;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "stripe_events_due_idx" ON "stripe_events" USING btree ("next_attempt_at") WHERE "stripe_events"."processed_at" is null;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_attempts_check" CHECK ("stripe_events"."attempts" >= 0);--> statement-breakpoint
-- Hand-written: the events recorded before the inbox were applied by the request that recorded
-- them: processed, nothing due.
UPDATE "stripe_events" SET "processed_at" = "received_at";
--> statement-breakpoint
-- The worker claims an event (attempts, next_attempt_at: the lease), marks it processed or records
-- its failure; the id, type, account, object and reception time are written once by the webhook
-- and never changed, and no row is deleted (a given-up event stays to be looked at). Column grants
-- say exactly that; SELECT and INSERT were granted in 0015.
GRANT UPDATE ("attempts", "next_attempt_at", "processed_at", "last_error") ON "stripe_events" TO incontra_app;
