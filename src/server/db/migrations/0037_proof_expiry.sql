CREATE TABLE "proof_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"keep" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_preferences_keep_check" CHECK ("proof_preferences"."keep" in ('7', '14', '30', '90', 'forever'))
);
--> statement-breakpoint
ALTER TABLE "journal_messages" ADD COLUMN "voice_note_gone" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "voice_note_gone" text;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "photo_proof_gone" text;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "voice_proof_gone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "photo_proof_gone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "voice_proof_gone" text;--> statement-breakpoint
ALTER TABLE "proof_preferences" ADD CONSTRAINT "proof_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_expires_idx" ON "media" USING btree ("expires_at") WHERE "media"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "journal_messages" ADD CONSTRAINT "journal_messages_voice_note_gone_check" CHECK ("journal_messages"."voice_note_gone" in ('expired', 'deleted'));--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_voice_note_gone_check" CHECK ("punishments"."voice_note_gone" in ('expired', 'deleted'));--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_photo_proof_gone_check" CHECK ("task_completions"."photo_proof_gone" in ('expired', 'deleted'));--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_voice_proof_gone_check" CHECK ("task_completions"."voice_proof_gone" in ('expired', 'deleted'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_photo_proof_gone_check" CHECK ("tasks"."photo_proof_gone" in ('expired', 'deleted'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_voice_proof_gone_check" CHECK ("tasks"."voice_proof_gone" in ('expired', 'deleted'));