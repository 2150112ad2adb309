CREATE TABLE "pair_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "pair_record_hash_check" CHECK ("pair_record"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "pair_record_seq_check" CHECK ("pair_record"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pair_record_heads" (
	"pair_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pair_record" ADD CONSTRAINT "pair_record_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_record_heads" ADD CONSTRAINT "pair_record_heads_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pair_record_seq_uq" ON "pair_record" USING btree ("pair_id","seq");--> statement-breakpoint
-- Decision 053: the record is append-only. UPDATE and TRUNCATE are always refused; DELETE only once its
-- pair is gone (the entries go with their pair when an account is deleted).
CREATE FUNCTION "pair_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "pairs" WHERE "id" = OLD."pair_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the pair record is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "pair_record_append_only" BEFORE UPDATE OR DELETE ON "pair_record"
  FOR EACH ROW EXECUTE FUNCTION "pair_record_append_only"();--> statement-breakpoint
CREATE TRIGGER "pair_record_no_truncate" BEFORE TRUNCATE ON "pair_record"
  FOR EACH STATEMENT EXECUTE FUNCTION "pair_record_append_only"();
