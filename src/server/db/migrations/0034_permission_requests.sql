CREATE TABLE "permission_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"what" text NOT NULL,
	"when_at" timestamp (3) with time zone,
	"note" text,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"limit_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "permission_requests_what_check" CHECK (char_length("permission_requests"."what") between 1 and 200),
	CONSTRAINT "permission_requests_note_check" CHECK (note is null or char_length(note) <= 1000),
	CONSTRAINT "permission_requests_decision_note_check" CHECK (decision_note is null or char_length(decision_note) <= 1000),
	CONSTRAINT "permission_requests_status_check" CHECK (status in ('pending', 'granted', 'denied', 'withdrawn')),
	CONSTRAINT "permission_requests_areas_check" CHECK (areas <@ array['friends_family', 'money', 'work_study', 'health']::text[]),
	CONSTRAINT "permission_requests_decided_check" CHECK (("permission_requests"."status" = 'pending') = ("permission_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "permission_requests" ADD CONSTRAINT "permission_requests_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permission_requests_pair_created_idx" ON "permission_requests" USING btree ("pair_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined', 'rule_written', 'rule_acknowledged', 'infraction_logged', 'infraction_contested', 'infraction_withdrawn', 'points_awarded', 'reward_redeemed', 'redemption_granted', 'redemption_denied', 'permission_requested', 'permission_granted', 'permission_denied'));