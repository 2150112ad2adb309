ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "limit_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "limit_state" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "limit_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "limit_state" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed', 'limit_paused', 'limit_declined'));--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_limit_state_check" CHECK ("punishments"."limit_state" in ('requested', 'paused'));--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_limit_tags_check" CHECK (cardinality("punishments"."limit_tags") <= 10);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_limit_state_check" CHECK ("tasks"."limit_state" in ('requested', 'paused'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_limit_tags_check" CHECK (cardinality("tasks"."limit_tags") <= 10);