CREATE TABLE "push_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"show_details" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"quiet_time_zone" text,
	"held_count" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_preferences_quiet_check" CHECK (("push_preferences"."quiet_start" is null and "push_preferences"."quiet_end" is null and "push_preferences"."quiet_time_zone" is null) or
        ("push_preferences"."quiet_start" between 0 and 1439 and "push_preferences"."quiet_end" between 0 and 1439 and
         "push_preferences"."quiet_start" <> "push_preferences"."quiet_end" and "push_preferences"."quiet_time_zone" is not null)),
	CONSTRAINT "push_preferences_held_check" CHECK ("push_preferences"."held_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "push_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"platform" text DEFAULT 'web' NOT NULL,
	"device_info" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_tokens_user_endpoint_key" UNIQUE("user_id","endpoint"),
	CONSTRAINT "push_tokens_endpoint_key" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_preferences_held_idx" ON "push_preferences" USING btree ("held_until") WHERE "push_preferences"."held_count" > 0;