DROP INDEX "partner_requests_receiver_idx";--> statement-breakpoint
DROP INDEX "partner_requests_sender_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "punishments_pair_created_idx";--> statement-breakpoint
DROP INDEX "task_completions_pair_completed_idx";--> statement-breakpoint
DROP INDEX "tasks_pair_created_idx";--> statement-breakpoint
CREATE INDEX "partner_requests_receiver_created_idx" ON "partner_requests" USING btree ("receiver_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "partner_requests_sender_created_idx" ON "partner_requests" USING btree ("sender_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "punishments_pair_created_idx" ON "punishments" USING btree ("pair_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_completions_pair_completed_idx" ON "task_completions" USING btree ("pair_id","completed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_pair_created_idx" ON "tasks" USING btree ("pair_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);