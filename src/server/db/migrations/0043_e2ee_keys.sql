CREATE TABLE "pair_key_wraps" (
	"pair_id" uuid NOT NULL,
	"key_id" integer NOT NULL,
	"recipient_id" uuid NOT NULL,
	"wrapper_id" uuid,
	"wrapper_public_key" text NOT NULL,
	"recipient_public_key" text NOT NULL,
	"iv" text NOT NULL,
	"ct" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pair_key_wraps_pair_id_key_id_recipient_id_pk" PRIMARY KEY("pair_id","key_id","recipient_id"),
	CONSTRAINT "pair_key_wraps_key_id_check" CHECK ("pair_key_wraps"."key_id" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"password_wrap" jsonb NOT NULL,
	"recovery_wrap" jsonb NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_keys_public_key_check" CHECK ("user_keys"."public_key" ~ '^B[A-Za-z0-9_-]{86}$'),
	CONSTRAINT "user_keys_generation_check" CHECK ("user_keys"."generation" >= 1)
);
--> statement-breakpoint
ALTER TABLE "pair_key_wraps" ADD CONSTRAINT "pair_key_wraps_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_key_wraps" ADD CONSTRAINT "pair_key_wraps_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_key_wraps" ADD CONSTRAINT "pair_key_wraps_wrapper_id_users_id_fk" FOREIGN KEY ("wrapper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_key_wraps_recipient_idx" ON "pair_key_wraps" USING btree ("recipient_id");