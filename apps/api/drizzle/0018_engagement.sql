CREATE TABLE "learner_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notification_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learner_push_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_push_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"learner_id" bigint NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_push_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_push_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notification_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"token" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_key" text,
	"link" text,
	"audience" jsonb NOT NULL,
	"state" text NOT NULL,
	"send_at" timestamp with time zone,
	"recipient_count" integer,
	"delivered_count" integer,
	"push_sent" integer,
	"push_failed" integer,
	"job_id" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "popup_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popup_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"popup_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"session_id" uuid,
	"shown_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"image_key" text,
	"link" text,
	"audience" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"cap_per_day" integer,
	"cap_per_session" integer,
	"cap_total" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "learner_inbox" ADD CONSTRAINT "learner_inbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_inbox" ADD CONSTRAINT "learner_inbox_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_push_tokens" ADD CONSTRAINT "learner_push_tokens_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_push_results" ADD CONSTRAINT "notification_push_results_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_push_results" ADD CONSTRAINT "notification_push_results_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_views" ADD CONSTRAINT "popup_views_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_views" ADD CONSTRAINT "popup_views_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_inbox_learner_notification_key" ON "learner_inbox" USING btree ("learner_id","notification_id");--> statement-breakpoint
CREATE INDEX "learner_inbox_notification_idx" ON "learner_inbox" USING btree ("notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_push_tokens_token_key" ON "learner_push_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "learner_push_tokens_learner_idx" ON "learner_push_tokens" USING btree ("learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_push_results_key" ON "notification_push_results" USING btree ("notification_id","token");--> statement-breakpoint
CREATE INDEX "notifications_state_idx" ON "notifications" USING btree ("state","send_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "popup_views_event_key" ON "popup_views" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "popup_views_learner_idx" ON "popup_views" USING btree ("learner_id","popup_id","shown_at");--> statement-breakpoint
CREATE INDEX "popups_window_idx" ON "popups" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "learners_email_lower_idx" ON "learners" USING btree (lower("email"));