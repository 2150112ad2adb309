CREATE TABLE "session_locks" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"verifier" text NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"idle_minutes" smallint DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_locks_failures_check" CHECK ("session_locks"."failures" between 0 and 5),
	CONSTRAINT "session_locks_idle_check" CHECK ("session_locks"."idle_minutes" in (1, 5, 15)),
	CONSTRAINT "session_locks_verifier_check" CHECK ("session_locks"."verifier" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_locks" ADD CONSTRAINT "session_locks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_locks" ADD CONSTRAINT "session_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_locks_user_idx" ON "session_locks" USING btree ("user_id");