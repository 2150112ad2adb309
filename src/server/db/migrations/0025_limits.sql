CREATE TABLE "limit_answers" (
	"pair_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_answers_pair_id_user_id_item_id_pk" PRIMARY KEY("pair_id","user_id","item_id"),
	CONSTRAINT "limit_answers_answer_check" CHECK ("limit_answers"."answer" in ('yes', 'maybe', 'no')),
	CONSTRAINT "limit_answers_item_check" CHECK (char_length("limit_answers"."item_id") <= 100)
);
--> statement-breakpoint
CREATE TABLE "limit_custom_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pair_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"title" text NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_custom_items_title_check" CHECK (char_length("limit_custom_items"."title") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "limit_lists" (
	"pair_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"finished_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "limit_lists_pair_id_user_id_pk" PRIMARY KEY("pair_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "limit_answers" ADD CONSTRAINT "limit_answers_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_answers" ADD CONSTRAINT "limit_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_custom_items" ADD CONSTRAINT "limit_custom_items_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_custom_items" ADD CONSTRAINT "limit_custom_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_lists" ADD CONSTRAINT "limit_lists_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_lists" ADD CONSTRAINT "limit_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_custom_items_pair_idx" ON "limit_custom_items" USING btree ("pair_id","added_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished'));