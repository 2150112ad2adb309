CREATE TABLE "points_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"made_by" uuid NOT NULL,
	"kind" text NOT NULL,
	"reward_redemption_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_amount_check" CHECK ("points_entries"."amount" <> 0),
	CONSTRAINT "points_entries_reason_check" CHECK (char_length("points_entries"."reason") between 1 and 200),
	CONSTRAINT "points_entries_kind_check" CHECK (kind in ('award', 'redemption', 'refund', 'correction')),
	CONSTRAINT "points_entries_key_check" CHECK (char_length("points_entries"."idempotency_key") between 1 and 100),
	CONSTRAINT "points_entries_redemption_check" CHECK (("points_entries"."kind" in ('redemption', 'refund')) = ("points_entries"."reward_redemption_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"reward_id" uuid NOT NULL,
	"title" text NOT NULL,
	"price" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"request_note" text,
	"decision_note" text,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "reward_redemptions_state_check" CHECK (state in ('requested', 'granted', 'denied')),
	CONSTRAINT "reward_redemptions_price_check" CHECK ("reward_redemptions"."price" > 0),
	CONSTRAINT "reward_redemptions_request_note_check" CHECK ("reward_redemptions"."request_note" is null or char_length("reward_redemptions"."request_note") <= 500),
	CONSTRAINT "reward_redemptions_decision_note_check" CHECK ("reward_redemptions"."decision_note" is null or char_length("reward_redemptions"."decision_note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone,
	CONSTRAINT "rewards_title_check" CHECK (char_length("rewards"."title") between 1 and 100),
	CONSTRAINT "rewards_description_check" CHECK (char_length("rewards"."description") <= 1000),
	CONSTRAINT "rewards_price_check" CHECK ("rewards"."price" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_reward_redemption_id_reward_redemptions_id_fk" FOREIGN KEY ("reward_redemption_id") REFERENCES "public"."reward_redemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_key_uq" ON "points_entries" USING btree ("pair_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_redemption_uq" ON "points_entries" USING btree ("reward_redemption_id","kind") WHERE "points_entries"."reward_redemption_id" is not null;--> statement-breakpoint
CREATE INDEX "points_entries_pair_created_idx" ON "points_entries" USING btree ("pair_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reward_redemptions_pair_requested_idx" ON "reward_redemptions" USING btree ("pair_id","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rewards_pair_offered_idx" ON "rewards" USING btree ("pair_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "rewards"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined', 'rule_written', 'rule_acknowledged', 'infraction_logged', 'infraction_contested', 'infraction_withdrawn', 'points_awarded', 'reward_redeemed', 'redemption_granted', 'redemption_denied'));--> statement-breakpoint
CREATE FUNCTION "points_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "pairs" WHERE "id" = OLD."pair_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the points ledger is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "points_entries_append_only" BEFORE UPDATE OR DELETE ON "points_entries"
  FOR EACH ROW EXECUTE FUNCTION "points_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "points_entries_no_truncate" BEFORE TRUNCATE ON "points_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "points_entries_append_only"();
