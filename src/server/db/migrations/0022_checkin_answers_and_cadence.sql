CREATE TABLE "pair_checkin_cadences" (
	"pair_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"set_by" uuid NOT NULL,
	"set_at" timestamp (3) with time zone NOT NULL,
	"next_at" timestamp (3) with time zone,
	CONSTRAINT "pair_checkin_cadences_frequency_check" CHECK ("pair_checkin_cadences"."frequency" in ('off', 'daily', 'weekly')),
	CONSTRAINT "pair_checkin_cadences_weekday_check" CHECK (("pair_checkin_cadences"."frequency" = 'weekly') = ("pair_checkin_cadences"."weekday" is not null) and ("pair_checkin_cadences"."weekday" is null or "pair_checkin_cadences"."weekday" between 0 and 6)),
	CONSTRAINT "pair_checkin_cadences_time_check" CHECK ("pair_checkin_cadences"."local_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "pair_checkins" ALTER COLUMN "asked_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD COLUMN "kind" text DEFAULT 'yellow' NOT NULL;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD COLUMN "asked_of" uuid;--> statement-breakpoint
UPDATE "pair_checkins" SET "asked_of" = CASE WHEN "pairs"."dominant_id" = "pair_checkins"."asked_by" THEN "pairs"."submissive_id" ELSE "pairs"."dominant_id" END FROM "pairs" WHERE "pairs"."id" = "pair_checkins"."pair_id";--> statement-breakpoint
ALTER TABLE "pair_checkins" ALTER COLUMN "asked_of" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD COLUMN "mood" text;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "pair_checkin_cadences" ADD CONSTRAINT "pair_checkin_cadences_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_checkin_cadences" ADD CONSTRAINT "pair_checkin_cadences_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_checkin_cadences_next_idx" ON "pair_checkin_cadences" USING btree ("next_at") WHERE "pair_checkin_cadences"."next_at" is not null;--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_asked_of_users_id_fk" FOREIGN KEY ("asked_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pair_checkins_scheduled_open_uq" ON "pair_checkins" USING btree ("pair_id","asked_of") WHERE "pair_checkins"."answered_at" is null and "pair_checkins"."kind" = 'scheduled';--> statement-breakpoint
CREATE INDEX "pair_checkins_answered_idx" ON "pair_checkins" USING btree ("pair_id","answered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "pair_checkins"."answered_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled'));--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_kind_check" CHECK ("pair_checkins"."kind" in ('yellow', 'scheduled'));--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_asker_check" CHECK (("pair_checkins"."kind" = 'yellow') = ("pair_checkins"."asked_by" is not null));--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_mood_check" CHECK ("pair_checkins"."mood" is null or "pair_checkins"."mood" in ('green', 'yellow', 'red'));--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_answer_check" CHECK ("pair_checkins"."answered_at" is not null or ("pair_checkins"."mood" is null and "pair_checkins"."note" is null));--> statement-breakpoint
ALTER TABLE "pair_checkins" ADD CONSTRAINT "pair_checkins_note_check" CHECK ("pair_checkins"."note" is null or char_length("pair_checkins"."note") <= 1000);