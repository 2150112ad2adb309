ALTER TABLE "outbox" ADD COLUMN "pair_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lapses_when_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "stopped_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "timer_remaining_ms" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "scheduled_due_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pair_idx" ON "outbox" USING btree ("pair_id") WHERE "outbox"."pair_id" is not null;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_timer_remaining_check" CHECK ("punishments"."timer_remaining_ms" is null or ("punishments"."timer_remaining_ms" between 1 and "punishments"."timer_duration" * 60000 and "punishments"."timer_start_time" is null));--> statement-breakpoint
UPDATE "pairs" SET "stopped_since" = (SELECT min("called_at") FROM "pair_stops" WHERE "pair_stops"."pair_id" = "pairs"."id" AND "pair_stops"."lifted_at" IS NULL) WHERE EXISTS (SELECT 1 FROM "pair_stops" WHERE "pair_stops"."pair_id" = "pairs"."id" AND "pair_stops"."lifted_at" IS NULL);