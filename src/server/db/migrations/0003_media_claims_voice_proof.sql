ALTER TABLE "media" ADD COLUMN "attached_to" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_completions" ADD COLUMN "voice_proof" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "voice_proof" uuid;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_voice_proof_media_id_fk" FOREIGN KEY ("voice_proof") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_voice_proof_media_id_fk" FOREIGN KEY ("voice_proof") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_unclaimed_idx" ON "media" USING btree ("created_at") WHERE "media"."attached_to" is null;--> statement-breakpoint
-- Files already attached before claims existed keep their place: only true orphans become sweepable.
UPDATE "media" SET "attached_to" = 'task', "attached_at" = "created_at"
WHERE "id" IN (
  SELECT "photo_proof" FROM "tasks" WHERE "photo_proof" IS NOT NULL
  UNION SELECT "voice_note" FROM "tasks" WHERE "voice_note" IS NOT NULL
  UNION SELECT "photo_proof" FROM "task_completions" WHERE "photo_proof" IS NOT NULL
  UNION SELECT "voice_note" FROM "task_completions" WHERE "voice_note" IS NOT NULL
);
