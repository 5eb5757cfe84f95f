CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invitations_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "invitations_company_code_unique" UNIQUE("company_id","code")
);
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"visitor_token_hash" text NOT NULL,
	"verification_required" boolean NOT NULL,
	"phone_number" text,
	"message" text,
	"handled_by_id" uuid,
	"handled_by_name" text,
	"invitation_id" uuid,
	"reservation_id" uuid,
	"guest_identity" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_since" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"visitor_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "join_requests_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "join_requests_status_check" CHECK ("join_requests"."status" in ('pending', 'verifying', 'verified', 'approved', 'rejected', 'busy', 'cancelled', 'expired', 'joined', 'ended')),
	CONSTRAINT "join_requests_source_check" CHECK ("join_requests"."source" in ('live', 'invitation', 'reservation'))
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"join_request_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "phone_verifications_attempts_check" CHECK ("phone_verifications"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "reservations_period_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sms_send_counters" (
	"key" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_send_counters_key_day_pk" PRIMARY KEY("key","day")
);
--> statement-breakpoint
CREATE TABLE "user_stores" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	CONSTRAINT "user_stores_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "require_phone_verification" boolean;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_invitation_id_company_id_invitations_id_company_id_fk" FOREIGN KEY ("invitation_id","company_id") REFERENCES "public"."invitations"("id","company_id") ON DELETE SET NULL ("invitation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_reservation_id_company_id_reservations_id_company_id_fk" FOREIGN KEY ("reservation_id","company_id") REFERENCES "public"."reservations"("id","company_id") ON DELETE SET NULL ("reservation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_join_request_id_company_id_join_requests_id_company_id_fk" FOREIGN KEY ("join_request_id","company_id") REFERENCES "public"."join_requests"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_user_id_company_id_users_id_company_id_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_requests_company_status_idx" ON "join_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "join_requests_status_expires_idx" ON "join_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_request_idx" ON "phone_verifications" USING btree ("join_request_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_company_idx" ON "phone_verifications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "reservations_company_starts_idx" ON "reservations" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_company_created_idx" ON "sms_outbox" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "user_stores_company_idx" ON "user_stores" USING btree ("company_id");
-- Hand-written: the composite foreign keys to invitations and reservations clear only their own
-- column when the row they name goes (SET NULL with a column list, PostgreSQL 15+), above.
--> statement-breakpoint
-- Row-level security for the new tenant tables, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON user_stores, reservations, invitations, join_requests, phone_verifications, sms_outbox TO incontra_app;
--> statement-breakpoint
-- Daily SMS counters hold keyed hashes and company ids, no tenant data: shared across companies
-- so that a phone number or an address is limited whichever company's page it uses.
GRANT SELECT, INSERT, UPDATE, DELETE ON sms_send_counters TO incontra_app;
--> statement-breakpoint
ALTER TABLE user_stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_stores
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE reservations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reservations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reservations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invitations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE join_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE join_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON join_requests
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE phone_verifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE phone_verifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON phone_verifications
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE sms_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sms_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sms_outbox
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
