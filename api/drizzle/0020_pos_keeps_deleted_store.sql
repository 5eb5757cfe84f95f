-- A payment request outlives its store: deleting a store keeps the company's record of what it
-- was asked and paid there (the back office's list, daily totals and CSV export), with the store's
-- name as it was. Hand-edited: the key nulls store_id alone (PostgreSQL 15's column list), since
-- a plain SET NULL would null company_id too, which is the row's tenant and NOT NULL.
ALTER TABLE "pos_payments" DROP CONSTRAINT "pos_payments_store_id_company_id_stores_id_company_id_fk";
--> statement-breakpoint
ALTER TABLE "pos_payments" ALTER COLUMN "store_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD COLUMN "store_name" text;--> statement-breakpoint
UPDATE "pos_payments" AS p SET "store_name" = s."name" FROM "stores" AS s WHERE s."id" = p."store_id" AND s."company_id" = p."company_id";--> statement-breakpoint
ALTER TABLE "pos_payments" ALTER COLUMN "store_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_store_id_company_id_stores_id_company_id_fk" FOREIGN KEY ("store_id","company_id") REFERENCES "public"."stores"("id","company_id") ON DELETE SET NULL ("store_id") ON UPDATE no action;
