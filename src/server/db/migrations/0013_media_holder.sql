ALTER TABLE "media" ADD COLUMN "attached_id" uuid;--> statement-breakpoint
-- Decision 015: a claim names the row that holds its file. Files claimed before now get it from the rows
-- that point at them: every file of a task (its voice note, its proofs, its history's) is held by the task;
-- by the history entry itself when the task is gone (an Above & Beyond task after its feedback). Should two
-- rows point at one file (the race the claim closed), the older row keeps it.
UPDATE "media" SET "attached_id" = (
  SELECT "t"."id" FROM "tasks" "t"
  WHERE "media"."id" IN ("t"."photo_proof", "t"."voice_proof", "t"."voice_note")
  ORDER BY "t"."created_at", "t"."id" LIMIT 1
) WHERE "attached_to" = 'task';--> statement-breakpoint
UPDATE "media" SET "attached_id" = (
  SELECT coalesce("c"."task_id", "c"."id") FROM "task_completions" "c"
  WHERE "media"."id" IN ("c"."photo_proof", "c"."voice_proof", "c"."voice_note")
  ORDER BY "c"."created_at", "c"."id" LIMIT 1
) WHERE "attached_to" = 'task' AND "attached_id" IS NULL;--> statement-breakpoint
UPDATE "media" SET "attached_id" = (
  SELECT "p"."id" FROM "punishments" "p" WHERE "p"."voice_note" = "media"."id"
  ORDER BY "p"."created_at", "p"."id" LIMIT 1
) WHERE "attached_to" = 'punishment';--> statement-breakpoint
UPDATE "media" SET "attached_id" = (
  SELECT "n"."id" FROM "notes" "n" WHERE "n"."voice_note" = "media"."id"
  ORDER BY "n"."created_at", "n"."id" LIMIT 1
) WHERE "attached_to" = 'note';--> statement-breakpoint
-- A claimed file that no row points at is nobody's: released, the hourly sweep removes it.
UPDATE "media" SET "attached_to" = NULL, "attached_at" = NULL
WHERE "attached_to" IS NOT NULL AND "attached_id" IS NULL;
