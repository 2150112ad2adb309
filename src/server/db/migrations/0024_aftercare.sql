CREATE TABLE "aftercare" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"punishment_id" uuid,
	"asked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftercare_occasion_check" CHECK ("aftercare"."occasion" in ('punishment', 'red_lift')),
	CONSTRAINT "aftercare_punishment_check" CHECK (("aftercare"."occasion" = 'punishment') = ("aftercare"."punishment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "aftercare_answers" (
	"aftercare_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text,
	"dismissed" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp (3) with time zone,
	CONSTRAINT "aftercare_answers_aftercare_id_user_id_pk" PRIMARY KEY("aftercare_id","user_id"),
	CONSTRAINT "aftercare_answers_note_check" CHECK ("aftercare_answers"."note" is null or char_length("aftercare_answers"."note") <= 1000),
	CONSTRAINT "aftercare_answers_dismissed_check" CHECK (not "aftercare_answers"."dismissed" or ("aftercare_answers"."note" is null and "aftercare_answers"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "aftercare" ADD CONSTRAINT "aftercare_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftercare" ADD CONSTRAINT "aftercare_punishment_id_punishments_id_fk" FOREIGN KEY ("punishment_id") REFERENCES "public"."punishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftercare_answers" ADD CONSTRAINT "aftercare_answers_aftercare_id_aftercare_id_fk" FOREIGN KEY ("aftercare_id") REFERENCES "public"."aftercare"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftercare_answers" ADD CONSTRAINT "aftercare_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aftercare_punishment_uq" ON "aftercare" USING btree ("punishment_id") WHERE "aftercare"."punishment_id" is not null;--> statement-breakpoint
CREATE INDEX "aftercare_pair_idx" ON "aftercare" USING btree ("pair_id","asked_at");--> statement-breakpoint
CREATE INDEX "aftercare_answers_open_idx" ON "aftercare_answers" USING btree ("user_id") WHERE "aftercare_answers"."answered_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked'));
