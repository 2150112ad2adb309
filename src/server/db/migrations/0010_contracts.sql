CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"version_id" uuid NOT NULL,
	"version_sha256" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_events_kind_check" CHECK ("contract_events"."kind" in ('created', 'edited', 'template_loaded', 'reset', 'signed', 'edit_requested', 'edit_approved', 'edit_denied')),
	CONSTRAINT "contract_events_hash_check" CHECK ("contract_events"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "contract_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"edited_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_versions_sha256_check" CHECK ("contract_versions"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"current_version_id" uuid,
	"dominant_signed_version_id" uuid,
	"dominant_signed_at" timestamp (3) with time zone,
	"submissive_signed_version_id" uuid,
	"submissive_signed_at" timestamp (3) with time zone,
	"signed_at" timestamp (3) with time zone,
	"edit_request_status" text DEFAULT 'none' NOT NULL,
	"edit_requested_by" text,
	"last_edited_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_edit_status_check" CHECK ("contracts"."edit_request_status" in ('none', 'pending', 'approved')),
	CONSTRAINT "contracts_edit_requester_check" CHECK (("contracts"."edit_request_status" = 'none') = ("contracts"."edit_requested_by" is null)),
	CONSTRAINT "contracts_dominant_signature_check" CHECK ("contracts"."dominant_signed_version_id" is null or ("contracts"."dominant_signed_version_id" = "contracts"."current_version_id" and "contracts"."dominant_signed_at" is not null)),
	CONSTRAINT "contracts_submissive_signature_check" CHECK ("contracts"."submissive_signed_version_id" is null or ("contracts"."submissive_signed_version_id" = "contracts"."current_version_id" and "contracts"."submissive_signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_version_id_contract_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."contract_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_current_version_id_contract_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."contract_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_dominant_signed_version_id_contract_versions_id_fk" FOREIGN KEY ("dominant_signed_version_id") REFERENCES "public"."contract_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_submissive_signed_version_id_contract_versions_id_fk" FOREIGN KEY ("submissive_signed_version_id") REFERENCES "public"."contract_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_events_seq_uq" ON "contract_events" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE INDEX "contract_events_version_idx" ON "contract_events" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_versions_number_uq" ON "contract_versions" USING btree ("contract_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_pair_uq" ON "contracts" USING btree ("pair_id");--> statement-breakpoint
-- Decision 022: the history and the texts are append-only. UPDATE is always refused; DELETE only while the
-- contract exists (the rows go with their contract when a pair is deleted with an account).
CREATE FUNCTION "contract_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "contracts" WHERE "id" = OLD."contract_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'contract history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "contract_versions_append_only" BEFORE UPDATE OR DELETE ON "contract_versions"
  FOR EACH ROW EXECUTE FUNCTION "contract_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "contract_events_append_only" BEFORE UPDATE OR DELETE ON "contract_events"
  FOR EACH ROW EXECUTE FUNCTION "contract_history_append_only"();
