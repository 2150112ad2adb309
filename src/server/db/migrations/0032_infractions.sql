CREATE TABLE "infractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_version" integer NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"note" text,
	"logged_by" uuid NOT NULL,
	"logged_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'logged' NOT NULL,
	"contest_note" text,
	"contested_at" timestamp (3) with time zone,
	"withdrawn_at" timestamp (3) with time zone,
	"punishment_id" uuid,
	CONSTRAINT "infractions_state_check" CHECK (state in ('logged', 'contested', 'withdrawn')),
	CONSTRAINT "infractions_note_check" CHECK ("infractions"."note" is null or char_length("infractions"."note") <= 1000),
	CONSTRAINT "infractions_contest_note_check" CHECK ("infractions"."contest_note" is null or char_length("infractions"."contest_note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_logged_by_users_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_punishment_id_punishments_id_fk" FOREIGN KEY ("punishment_id") REFERENCES "public"."punishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infractions" ADD CONSTRAINT "infractions_rule_version_fk" FOREIGN KEY ("rule_id","rule_version") REFERENCES "public"."rule_versions"("rule_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "infractions_pair_occurred_idx" ON "infractions" USING btree ("pair_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "infractions_punishment_uq" ON "infractions" USING btree ("punishment_id") WHERE "infractions"."punishment_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined', 'rule_written', 'rule_acknowledged', 'infraction_logged', 'infraction_contested', 'infraction_withdrawn'));