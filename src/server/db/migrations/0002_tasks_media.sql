CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_ms" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('photo', 'audio'))
);
--> statement-breakpoint
CREATE TABLE "task_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid,
	"pair_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_type" text NOT NULL,
	"completed_by" uuid,
	"assigned_by" uuid,
	"assigned_to" uuid,
	"completed_at" timestamp with time zone NOT NULL,
	"due_date_at_time" timestamp with time zone NOT NULL,
	"on_time" boolean NOT NULL,
	"lateness_seconds" integer DEFAULT 0 NOT NULL,
	"photo_proof" uuid,
	"voice_note" uuid,
	"voice_note_description" text,
	"repeat_config" jsonb,
	"feedback" text,
	"feedback_given_at" timestamp with time zone,
	"feedback_given_by" uuid,
	"feedback_acknowledged" boolean DEFAULT false NOT NULL,
	"feedback_acknowledged_by" uuid,
	"feedback_acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"completion_on_time" boolean,
	"completion_lateness_seconds" integer,
	"assigned_by" uuid NOT NULL,
	"assigned_to" uuid NOT NULL,
	"photo_proof_required" boolean DEFAULT false NOT NULL,
	"photo_proof" uuid,
	"voice_note" uuid,
	"voice_note_description" text,
	"repeat_config" jsonb,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"cycle_reopens_at" timestamp with time zone,
	"task_type" text DEFAULT 'assigned' NOT NULL,
	"feedback" text,
	"feedback_given_at" timestamp with time zone,
	"feedback_given_by" uuid,
	"feedback_acknowledged" boolean DEFAULT false NOT NULL,
	"feedback_acknowledged_by" uuid,
	"feedback_acknowledged_at" timestamp with time zone,
	CONSTRAINT "tasks_type_check" CHECK ("tasks"."task_type" in ('assigned', 'above_and_beyond'))
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_photo_proof_media_id_fk" FOREIGN KEY ("photo_proof") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_voice_note_media_id_fk" FOREIGN KEY ("voice_note") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_feedback_given_by_users_id_fk" FOREIGN KEY ("feedback_given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_feedback_acknowledged_by_users_id_fk" FOREIGN KEY ("feedback_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_photo_proof_media_id_fk" FOREIGN KEY ("photo_proof") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_voice_note_media_id_fk" FOREIGN KEY ("voice_note") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_feedback_given_by_users_id_fk" FOREIGN KEY ("feedback_given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_feedback_acknowledged_by_users_id_fk" FOREIGN KEY ("feedback_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_pair_idx" ON "media" USING btree ("pair_id");--> statement-breakpoint
CREATE INDEX "task_completions_pair_completed_idx" ON "task_completions" USING btree ("pair_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_completions_task_idx" ON "task_completions" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_pair_created_idx" ON "tasks" USING btree ("pair_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_reopen_idx" ON "tasks" USING btree ("cycle_reopens_at") WHERE "tasks"."completed" and "tasks"."cycle_reopens_at" is not null;