CREATE TABLE "ritual_marks" (
	"ritual_id" uuid NOT NULL,
	"date" date NOT NULL,
	"mark" text NOT NULL,
	"note" text,
	"marked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ritual_marks_ritual_id_date_pk" PRIMARY KEY("ritual_id","date"),
	CONSTRAINT "ritual_marks_mark_check" CHECK (mark in ('done', 'partly', 'skipped', 'excused', 'app_failed')),
	CONSTRAINT "ritual_marks_note_check" CHECK (note is null or char_length(note) <= 500)
);
--> statement-breakpoint
CREATE TABLE "rituals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"name" text NOT NULL,
	"steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"days" smallint[] NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"award" integer DEFAULT 0 NOT NULL,
	"since" date NOT NULL,
	"days_from" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone,
	CONSTRAINT "rituals_name_check" CHECK (char_length("rituals"."name") between 1 and 100),
	CONSTRAINT "rituals_steps_check" CHECK (cardinality(steps) <= 12),
	CONSTRAINT "rituals_days_check" CHECK (cardinality(days) between 1 and 7 and days <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]),
	CONSTRAINT "rituals_time_check" CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "rituals_award_check" CHECK ("rituals"."award" between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "ritual_marks" ADD CONSTRAINT "ritual_marks_ritual_id_rituals_id_fk" FOREIGN KEY ("ritual_id") REFERENCES "public"."rituals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rituals" ADD CONSTRAINT "rituals_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rituals_pair_live_idx" ON "rituals" USING btree ("pair_id","created_at","id") WHERE "rituals"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined', 'rule_written', 'rule_acknowledged', 'infraction_logged', 'infraction_contested', 'infraction_withdrawn', 'points_awarded', 'reward_redeemed', 'redemption_granted', 'redemption_denied', 'permission_requested', 'permission_granted', 'permission_denied', 'ritual_set', 'ritual_retired', 'ritual_marked'));