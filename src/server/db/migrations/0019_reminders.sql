CREATE TABLE "reminders_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_sent_at_idx" ON "reminders_sent" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "punishments_running_timer_idx" ON "punishments" USING btree ("timer_start_time") WHERE "punishments"."timer_enabled" and not "punishments"."completed" and "punishments"."timer_start_time" is not null;--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_date") WHERE not "tasks"."completed";