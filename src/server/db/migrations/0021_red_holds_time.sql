CREATE TABLE "pair_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"asked_by" uuid NOT NULL,
	"asked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "pair_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lapses_when_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "stopped_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "timer_remaining_ms" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "scheduled_due_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pair_checkins_open_uq" ON "pair_checkins" USING btree ("pair_id","asked_by") WHERE "pair_checkins"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "pair_checkins_pair_idx" ON "pair_checkins" USING btree ("pair_id","asked_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pair_idx" ON "outbox" USING btree ("pair_id") WHERE "outbox"."pair_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked'));--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_timer_remaining_check" CHECK ("punishments"."timer_remaining_ms" is null or ("punishments"."timer_remaining_ms" between 1 and "punishments"."timer_duration" * 60000 and "punishments"."timer_start_time" is null));--> statement-breakpoint
UPDATE "pairs" SET "stopped_since" = (SELECT min("called_at") FROM "pair_stops" WHERE "pair_stops"."pair_id" = "pairs"."id" AND "pair_stops"."lifted_at" IS NULL) WHERE EXISTS (SELECT 1 FROM "pair_stops" WHERE "pair_stops"."pair_id" = "pairs"."id" AND "pair_stops"."lifted_at" IS NULL);