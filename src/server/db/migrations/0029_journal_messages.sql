-- Decision 061: one name for the journal. Its entries are messages: the table `notes` is renamed in place to
-- `journal_messages` (no row is copied), with its key, checks, foreign keys, index and trigger renamed to
-- match, and the holder kind of a message's voice recording is 'message' (was 'note').
ALTER TABLE "notes" RENAME TO "journal_messages";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_pkey" TO "journal_messages_pkey";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_tone_check" TO "journal_messages_tone_check";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_not_self" TO "journal_messages_not_self";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_pair_id_pairs_id_fk" TO "journal_messages_pair_id_pairs_id_fk";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_sender_id_users_id_fk" TO "journal_messages_sender_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_receiver_id_users_id_fk" TO "journal_messages_receiver_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "journal_messages" RENAME CONSTRAINT "notes_voice_note_media_id_fk" TO "journal_messages_voice_note_media_id_fk";--> statement-breakpoint
ALTER INDEX "notes_pair_created_idx" RENAME TO "journal_messages_pair_created_idx";--> statement-breakpoint
-- A claim never moves (media_claim_fixed): held back for this one rename of the kind, in this transaction.
ALTER TABLE "media" DISABLE TRIGGER "media_claim_fixed";--> statement-breakpoint
UPDATE "media" SET "attached_to" = 'message' WHERE "attached_to" = 'note';--> statement-breakpoint
ALTER TABLE "media" ENABLE TRIGGER "media_claim_fixed";--> statement-breakpoint
-- A key kept for a replay names what it made by the same word.
UPDATE "idempotency_keys" SET "scope" = 'message' WHERE "scope" = 'note';--> statement-breakpoint
-- The trigger's arguments name the holder kind: made again with the new one, under the table's name.
DROP TRIGGER "notes_media_held" ON "journal_messages";--> statement-breakpoint
CREATE TRIGGER "journal_messages_media_held" BEFORE INSERT OR UPDATE OF "id", "voice_note" ON "journal_messages"
  FOR EACH ROW WHEN (NEW."voice_note" IS NOT NULL) EXECUTE FUNCTION "media_held_by_row"('message', 'id', 'voice_note');
