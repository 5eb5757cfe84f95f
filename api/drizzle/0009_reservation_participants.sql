CREATE TABLE "reservation_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_participants_email_unique" UNIQUE("reservation_id","email")
);
--> statement-breakpoint
ALTER TABLE "reservation_participants" ADD CONSTRAINT "reservation_participants_reservation_id_company_id_reservations_id_company_id_fk" FOREIGN KEY ("reservation_id","company_id") REFERENCES "public"."reservations"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_participants_company_idx" ON "reservation_participants" USING btree ("company_id","reservation_id");--> statement-breakpoint
-- Row-level security for the new tenant table, as in 0001.
GRANT SELECT, INSERT, UPDATE, DELETE ON reservation_participants TO incontra_app;
--> statement-breakpoint
ALTER TABLE reservation_participants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reservation_participants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reservation_participants
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
