ALTER TABLE "invoices" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "card_last4" text;