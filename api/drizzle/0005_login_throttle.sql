CREATE TABLE "login_throttles" (
	"company_id" uuid NOT NULL,
	"username" text NOT NULL,
	"failures" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttles_company_id_username_pk" PRIMARY KEY("company_id","username")
);
--> statement-breakpoint
ALTER TABLE "login_throttles" ADD CONSTRAINT "login_throttles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttles_company_last_idx" ON "login_throttles" USING btree ("company_id","last_attempt_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON login_throttles TO incontra_app;
--> statement-breakpoint
ALTER TABLE login_throttles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE login_throttles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON login_throttles
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
