ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_amount" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_account" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "held_manage_token" text;--> statement-breakpoint
CREATE INDEX "reservations_company_payment_idx" ON "reservations" USING btree ("company_id","payment_status");--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_price_check" CHECK ("topics"."price" is null or "topics"."price" between 50 and 1000000);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_held_check" CHECK (("reservations"."status" = 'held') <= ("reservations"."hold_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payment_status_check" CHECK ("reservations"."payment_status" is null or "reservations"."payment_status" in ('pending', 'paid', 'refund_due', 'refunded', 'canceled'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payment_amount_check" CHECK (("reservations"."payment_status" is null) = ("reservations"."payment_amount" is null) and ("reservations"."payment_amount" is null or "reservations"."payment_amount" > 0));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('booked', 'cancelled', 'completed', 'no_show', 'held', 'expired'));--> statement-breakpoint
-- Hand-written: a held reservation (a priced topic's place while the customer pays) holds its
-- place like a booked one, so that capacity stays exact with holds counted. A hold that ended is
-- released (status 'expired') by the sweep or by the next booking write of that time before it
-- looks for a place (booking/payments.ts), so the constraint never keeps a place for a dead hold.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_place_exclusion";
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_place_exclusion"
  EXCLUDE USING gist ("room_id" WITH =, "seat" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" IN ('booked', 'completed', 'held'));
--> statement-breakpoint
-- The hold sweep's question: the held reservations whose hold has ended.
CREATE INDEX "reservations_held_expiry_idx" ON "reservations" USING btree ("hold_expires_at") WHERE "status" = 'held';
