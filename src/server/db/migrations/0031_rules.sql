CREATE TABLE "rule_acknowledgements" (
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_acknowledgements_rule_id_version_pk" PRIMARY KEY("rule_id","version")
);
--> statement-breakpoint
CREATE TABLE "rule_versions" (
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"category" text,
	"limit_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"consequence" text,
	"written_by" uuid NOT NULL,
	"written_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_versions_rule_id_version_pk" PRIMARY KEY("rule_id","version"),
	CONSTRAINT "rule_versions_title_check" CHECK (char_length("rule_versions"."title") between 1 and 100),
	CONSTRAINT "rule_versions_text_check" CHECK (char_length("rule_versions"."text") <= 2000),
	CONSTRAINT "rule_versions_consequence_check" CHECK ("rule_versions"."consequence" is null or char_length("rule_versions"."consequence") <= 500),
	CONSTRAINT "rule_versions_category_check" CHECK (category is null or category in ('conduct', 'speech', 'protocol', 'self_care', 'other')),
	CONSTRAINT "rule_versions_limit_tags_check" CHECK (cardinality("rule_versions"."limit_tags") <= 10)
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone,
	CONSTRAINT "rules_version_check" CHECK ("rules"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "rule_acknowledgements" ADD CONSTRAINT "rule_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_acknowledgements" ADD CONSTRAINT "rule_acknowledgements_version_fk" FOREIGN KEY ("rule_id","version") REFERENCES "public"."rule_versions"("rule_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rules_pair_live_idx" ON "rules" USING btree ("pair_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "rules"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined', 'rule_written', 'rule_acknowledged'));