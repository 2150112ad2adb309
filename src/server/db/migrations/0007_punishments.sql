CREATE TABLE "punishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"assigned_by" uuid NOT NULL,
	"assigned_to" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"severity" text DEFAULT 'mild' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"aftercare_required" boolean DEFAULT false NOT NULL,
	"timer_enabled" boolean DEFAULT false NOT NULL,
	"timer_duration" integer DEFAULT 15 NOT NULL,
	"timer_start_time" timestamp with time zone,
	"voice_note" uuid,
	"voice_note_description" text,
	"feedback" text,
	"feedback_given_at" timestamp with time zone,
	"feedback_given_by" uuid,
	CONSTRAINT "punishments_severity_check" CHECK ("punishments"."severity" in ('mild', 'moderate', 'severe', 'funishment')),
	CONSTRAINT "punishments_timer_duration_check" CHECK ("punishments"."timer_duration" between 1 and 180)
);
--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_voice_note_media_id_fk" FOREIGN KEY ("voice_note") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_feedback_given_by_users_id_fk" FOREIGN KEY ("feedback_given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punishments_pair_created_idx" ON "punishments" USING btree ("pair_id","created_at" DESC NULLS LAST);