CREATE TABLE "task_deletions" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"pair_id" uuid NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone NOT NULL,
	"task" jsonb NOT NULL,
	"history" jsonb NOT NULL,
	"media" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_deletions" ADD CONSTRAINT "task_deletions_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_deletions" ADD CONSTRAINT "task_deletions_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_deletions_deleted_at_idx" ON "task_deletions" USING btree ("deleted_at");