CREATE TABLE "aftercare_wishes" (
	"pair_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"wishes" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aftercare_wishes_pair_id_user_id_pk" PRIMARY KEY("pair_id","user_id"),
	CONSTRAINT "aftercare_wishes_length_check" CHECK (char_length("aftercare_wishes"."wishes") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "negotiation_confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "aftercare_wishes" ADD CONSTRAINT "aftercare_wishes_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aftercare_wishes" ADD CONSTRAINT "aftercare_wishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('connection_request', 'task_assigned', 'task_completed', 'task_completed_by_dominant', 'task_feedback', 'punishment_assigned', 'punishment_completed', 'punishment_feedback', 'contract_updated', 'message_sent', 'red_called', 'red_lifted', 'checkin_asked', 'checkin_scheduled', 'aftercare_asked', 'limits_finished', 'negotiation_confirmed'));