ALTER TABLE "e_invoices" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "e_invoices_due_idx" ON "e_invoices" USING btree ("company_id","next_attempt_at") WHERE "e_invoices"."next_attempt_at" is not null;