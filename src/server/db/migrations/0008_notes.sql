CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT 'green' NOT NULL,
	"voice_note" uuid,
	"voice_note_description" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_tone_check" CHECK ("notes"."tone" in ('green', 'yellow', 'red')),
	CONSTRAINT "notes_not_self" CHECK ("notes"."sender_id" <> "notes"."receiver_id")
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_voice_note_media_id_fk" FOREIGN KEY ("voice_note") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_pair_created_idx" ON "notes" USING btree ("pair_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);