CREATE TABLE "pos_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"email" text,
	"phone" text,
	"room_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"token" text NOT NULL,
	"provider_account_id" text,
	"provider_payment_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"publishable_key" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last4" text,
	CONSTRAINT "pos_payments_token_unique" UNIQUE("token"),
	CONSTRAINT "pos_payments_status_check" CHECK ("pos_payments"."status" in ('requested', 'paid', 'cancelled', 'expired')),
	CONSTRAINT "pos_payments_amount_check" CHECK ("pos_payments"."amount" between 50 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "pos_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"expiry_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_settings_expiry_hours_check" CHECK ("pos_settings"."expiry_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_payments_company_created_idx" ON "pos_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "pos_payments_company_status_expires_idx" ON "pos_payments" USING btree ("company_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "pos_payments_company_paid_idx" ON "pos_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
-- Row-level security and grants for the new tables, as in 0001, 0014 and 0015. What the
-- application does: a payment request is added and its status moved (paid, cancelled, expired),
-- never deleted (it goes with its store or company); the setting is written and replaced.
GRANT SELECT, INSERT, UPDATE ON pos_payments, pos_settings TO incontra_app;
--> statement-breakpoint
ALTER TABLE pos_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pos_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pos_payments
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE pos_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pos_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pos_settings
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
