ALTER TABLE "media" ADD CONSTRAINT "media_attached_check" CHECK (("media"."attached_to" is null) = ("media"."attached_id" is null));--> statement-breakpoint
-- Decision 015: a file belongs to one row, and the database holds to it. A row that takes a file (a new row,
-- a changed file column, or a row moved to another owner) must be the file's claimed holder: the media row
-- names the row's kind and owning id (the row's own id; a history entry's task_id). A history entry whose
-- task is gone (task_id set null) keeps the files it has and takes no new one.
-- Arguments: the holder kind, the column with the owning id, then the file columns. A row without files
-- (a text message, most tasks) does not call the function.
CREATE FUNCTION "media_held_by_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_row jsonb := to_jsonb(NEW);
  old_row jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) END;
  holder text := new_row ->> TG_ARGV[1];
  moved boolean := TG_OP = 'INSERT' OR (holder IS NOT NULL AND holder IS DISTINCT FROM old_row ->> TG_ARGV[1]);
  col text;
  file text;
BEGIN
  FOR i IN 2 .. TG_NARGS - 1 LOOP
    col := TG_ARGV[i];
    file := new_row ->> col;
    CONTINUE WHEN file IS NULL;
    CONTINUE WHEN NOT moved AND file IS NOT DISTINCT FROM old_row ->> col;
    IF holder IS NULL OR NOT EXISTS (
      SELECT 1 FROM "media"
      WHERE "id" = file::uuid AND "attached_to" = TG_ARGV[0] AND "attached_id" = holder::uuid
    ) THEN
      RAISE EXCEPTION 'media_not_held: %.% = % is not held by % %', TG_TABLE_NAME, col, file, TG_ARGV[0],
        coalesce(holder, 'null') USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_media_held" BEFORE INSERT OR UPDATE OF "id", "photo_proof", "voice_proof", "voice_note"
  ON "tasks" FOR EACH ROW
  WHEN (NEW."photo_proof" IS NOT NULL OR NEW."voice_proof" IS NOT NULL OR NEW."voice_note" IS NOT NULL)
  EXECUTE FUNCTION "media_held_by_row"('task', 'id', 'photo_proof', 'voice_proof', 'voice_note');--> statement-breakpoint
CREATE TRIGGER "task_completions_media_held" BEFORE INSERT
  OR UPDATE OF "task_id", "photo_proof", "voice_proof", "voice_note" ON "task_completions" FOR EACH ROW
  WHEN (NEW."photo_proof" IS NOT NULL OR NEW."voice_proof" IS NOT NULL OR NEW."voice_note" IS NOT NULL)
  EXECUTE FUNCTION "media_held_by_row"('task', 'task_id', 'photo_proof', 'voice_proof', 'voice_note');--> statement-breakpoint
CREATE TRIGGER "punishments_media_held" BEFORE INSERT OR UPDATE OF "id", "voice_note" ON "punishments"
  FOR EACH ROW WHEN (NEW."voice_note" IS NOT NULL) EXECUTE FUNCTION "media_held_by_row"('punishment', 'id', 'voice_note');--> statement-breakpoint
CREATE TRIGGER "notes_media_held" BEFORE INSERT OR UPDATE OF "id", "voice_note" ON "notes"
  FOR EACH ROW WHEN (NEW."voice_note" IS NOT NULL) EXECUTE FUNCTION "media_held_by_row"('note', 'id', 'voice_note');--> statement-breakpoint
-- A claim, once made, stays with its row: it goes only with the media row itself.
CREATE FUNCTION "media_claim_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."attached_id" IS NOT NULL
    AND (NEW."attached_to", NEW."attached_id") IS DISTINCT FROM (OLD."attached_to", OLD."attached_id") THEN
    RAISE EXCEPTION 'media_claim_fixed: media % stays with % %', OLD."id", OLD."attached_to", OLD."attached_id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "media_claim_fixed" BEFORE UPDATE OF "attached_to", "attached_id" ON "media"
  FOR EACH ROW EXECUTE FUNCTION "media_claim_fixed"();
