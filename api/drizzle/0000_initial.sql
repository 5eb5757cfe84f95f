CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"primary_color" text DEFAULT '#f5a623' NOT NULL,
	"theme" text DEFAULT 'easy' NOT NULL,
	"logo" text,
	"privacy_policy" text,
	"tos_policy" text,
	"wall" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "companies_theme_check" CHECK ("companies"."theme" in ('easy', 'modern', 'elegant'))
);
--> statement-breakpoint
CREATE TABLE "company_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"users_limit" integer NOT NULL,
	"rooms" integer NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "room_translations_room_key_language_unique" UNIQUE("room_id","key","language")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reservation_slots" integer DEFAULT 1 NOT NULL,
	"slot_duration" integer DEFAULT 30 NOT NULL,
	"max_participants" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "rooms_store_name_unique" UNIQUE("store_id","name"),
	CONSTRAINT "rooms_reservation_slots_check" CHECK ("rooms"."reservation_slots" >= 0),
	CONSTRAINT "rooms_slot_duration_check" CHECK ("rooms"."slot_duration" > 0),
	CONSTRAINT "rooms_max_participants_check" CHECK ("rooms"."max_participants" is null or "rooms"."max_participants" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "slot_schedules_room_weekday_start_unique" UNIQUE("room_id","weekday","start_time"),
	CONSTRAINT "slot_schedules_weekday_check" CHECK ("slot_schedules"."weekday" between 1 and 7),
	CONSTRAINT "slot_schedules_range_check" CHECK ("slot_schedules"."start_time" < "slot_schedules"."end_time")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"wall" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "stores_company_name_unique" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"next_plan_id" text,
	"status" text NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('trialing', 'active', 'past_due', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "topics_store_name_unique" UNIQUE("store_id","name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"first_name" text,
	"last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_id_company_unique" UNIQUE("id","company_id"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "company_hosts" ADD CONSTRAINT "company_hosts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_company_id_users_id_company_id_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_translations" ADD CONSTRAINT "room_translations_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_company_id_users_id_company_id_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_schedules" ADD CONSTRAINT "slot_schedules_room_id_company_id_rooms_id_company_id_fk" FOREIGN KEY ("room_id","company_id") REFERENCES "public"."rooms"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_plan_id_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_hosts_company_idx" ON "company_hosts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_created_idx" ON "mail_outbox" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_company_idx" ON "password_reset_tokens" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "room_translations_company_idx" ON "room_translations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "rooms_company_idx" ON "rooms" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_company_idx" ON "sessions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "slot_schedules_company_idx" ON "slot_schedules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "topics_company_idx" ON "topics" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_unique" ON "users" USING btree ("company_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_email_unique" ON "users" USING btree ("company_id",lower("email"));