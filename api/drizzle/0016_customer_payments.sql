CREATE TABLE "payment_accounts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"provider_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider_account_id_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "test_customer_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"receipt_email" text,
	"idempotency_key" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"authentication_token" text,
	"last4" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_customer_payments_client_secret_hash_unique" UNIQUE("client_secret_hash"),
	CONSTRAINT "test_customer_payments_authentication_token_unique" UNIQUE("authentication_token"),
	CONSTRAINT "test_customer_payments_company_key_unique" UNIQUE("company_id","idempotency_key"),
	CONSTRAINT "test_customer_payments_purpose_check" CHECK ("test_customer_payments"."purpose" in ('pos', 'appointment')),
	CONSTRAINT "test_customer_payments_status_check" CHECK ("test_customer_payments"."status" in ('pending', 'requires_action', 'paid', 'failed', 'canceled')),
	CONSTRAINT "test_customer_payments_amount_check" CHECK ("test_customer_payments"."amount" > 0),
	CONSTRAINT "test_customer_payments_refunded_check" CHECK ("test_customer_payments"."amount_refunded" >= 0 and "test_customer_payments"."amount_refunded" <= "test_customer_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "test_customer_refunds" (
	"company_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_customer_refunds_company_id_idempotency_key_pk" PRIMARY KEY("company_id","idempotency_key"),
	CONSTRAINT "test_customer_refunds_amount_check" CHECK ("test_customer_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_customer_payments" ADD CONSTRAINT "test_customer_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_customer_refunds" ADD CONSTRAINT "test_customer_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_customer_refunds" ADD CONSTRAINT "test_customer_refunds_payment_id_test_customer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_customer_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_customer_payments_company_idx" ON "test_customer_payments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "test_customer_refunds_payment_idx" ON "test_customer_refunds" USING btree ("payment_id");--> statement-breakpoint
-- Row-level security and grants for the new tables, as in 0001 and 0015. What the application
-- does: the connected account's row is written once and its flags refreshed; a test-mode payment
-- is added and its status moved (paid, canceled, refunded), never deleted; a refund's key is only
-- added.
GRANT SELECT, INSERT, UPDATE ON payment_accounts, test_customer_payments TO incontra_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON test_customer_refunds TO incontra_app;
--> statement-breakpoint
ALTER TABLE payment_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payment_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_accounts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE test_customer_payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE test_customer_payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON test_customer_payments
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE test_customer_refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE test_customer_refunds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON test_customer_refunds
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
