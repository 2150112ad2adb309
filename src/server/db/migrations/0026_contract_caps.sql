ALTER TABLE "contract_events" DROP CONSTRAINT "contract_events_kind_check";--> statement-breakpoint
ALTER TABLE "contract_events" ADD COLUMN "caps" jsonb;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD COLUMN "caps" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "caps_in_force" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "caps_lowered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "punishments" ADD COLUMN "areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_kind_check" CHECK ("contract_events"."kind" in ('created', 'edited', 'template_loaded', 'reset', 'signed', 'edit_requested', 'edit_approved', 'edit_denied', 'caps_lowered'));--> statement-breakpoint
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_areas_check" CHECK ("punishments"."areas" <@ array['friends_family', 'money', 'work_study', 'health']::text[]);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_areas_check" CHECK ("tasks"."areas" <@ array['friends_family', 'money', 'work_study', 'health']::text[]);