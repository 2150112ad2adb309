ALTER TABLE "contracts" ADD COLUMN "chain_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "chain_head_hash" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "chain_broken_at" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "chain_reason" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "chain_verified_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "contracts_chain_verified_idx" ON "contracts" USING btree ("chain_verified_at" NULLS FIRST);