CREATE TABLE "webinar_hands" (
	"company_id" uuid NOT NULL,
	"webinar_id" uuid NOT NULL,
	"seat" uuid NOT NULL,
	"name" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webinar_hands_webinar_id_seat_pk" PRIMARY KEY("webinar_id","seat")
);
--> statement-breakpoint
CREATE TABLE "webinar_question_votes" (
	"company_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"seat" uuid NOT NULL,
	CONSTRAINT "webinar_question_votes_question_id_seat_pk" PRIMARY KEY("question_id","seat")
);
--> statement-breakpoint
CREATE TABLE "webinar_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"webinar_id" uuid NOT NULL,
	"seat" uuid NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webinar_questions_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "webinar_questions_status_check" CHECK ("webinar_questions"."status" in ('open', 'answered', 'hidden')),
	CONSTRAINT "webinar_questions_votes_check" CHECK ("webinar_questions"."votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webinar_seats" (
	"company_id" uuid NOT NULL,
	"webinar_id" uuid NOT NULL,
	"seat" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"seen_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "webinar_seats_webinar_id_seat_pk" PRIMARY KEY("webinar_id","seat"),
	CONSTRAINT "webinar_seats_role_check" CHECK ("webinar_seats"."role" in ('presenter', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "chat_muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "speaker_seat" uuid;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "speaker_name" text;--> statement-breakpoint
ALTER TABLE "webinar_hands" ADD CONSTRAINT "webinar_hands_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_question_votes" ADD CONSTRAINT "webinar_question_votes_question_id_company_id_webinar_questions_id_company_id_fk" FOREIGN KEY ("question_id","company_id") REFERENCES "public"."webinar_questions"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_questions" ADD CONSTRAINT "webinar_questions_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_seats" ADD CONSTRAINT "webinar_seats_webinar_id_company_id_webinars_id_company_id_fk" FOREIGN KEY ("webinar_id","company_id") REFERENCES "public"."webinars"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webinar_questions_webinar_idx" ON "webinar_questions" USING btree ("webinar_id","asked_at");--> statement-breakpoint
-- Row-level security and grants for the live session's tables, as in 0024. What the application
-- does: seats are taken (generation raised) and marked removed; questions are asked and their
-- status and votes moved; votes are cast and taken back; hands are raised and lowered.
GRANT SELECT, INSERT, UPDATE ON webinar_seats, webinar_questions TO incontra_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON webinar_question_votes, webinar_hands TO incontra_app;
--> statement-breakpoint
ALTER TABLE webinar_seats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_seats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_seats
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE webinar_questions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_questions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_questions
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE webinar_question_votes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_question_votes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_question_votes
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE webinar_hands ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webinar_hands FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webinar_hands
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
