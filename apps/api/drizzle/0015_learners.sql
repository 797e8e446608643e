CREATE TABLE "assessment_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"assessment_id" bigint NOT NULL,
	"learner_id" bigint NOT NULL,
	"book_id" bigint,
	"score" numeric(7, 2) NOT NULL,
	"max_score" numeric(7, 2) NOT NULL,
	"answers" jsonb NOT NULL,
	"time_taken_seconds" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"learner_id" bigint,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "learner_content_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_content_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"learner_id" bigint NOT NULL,
	"book_id" bigint NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" bigint NOT NULL,
	"seconds" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"learner_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"platform" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone,
	"reset_by" bigint,
	"reset_reason" text
);
--> statement-breakpoint
CREATE TABLE "learner_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"learner_id" bigint NOT NULL,
	"book_id" bigint,
	"content_kind" text,
	"content_id" bigint,
	"rating" smallint NOT NULL,
	"comment" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_app_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_app_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint
);
--> statement-breakpoint
CREATE TABLE "learner_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"session_uid" uuid NOT NULL,
	"learner_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"grade_id" bigint,
	"school" text,
	"city" text,
	"state" text,
	"status" text DEFAULT 'active' NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone,
	"profile_at" timestamp with time zone NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learner_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"learner_id" bigint NOT NULL,
	"book_id" bigint NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_content_views" ADD CONSTRAINT "learner_content_views_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_content_views" ADD CONSTRAINT "learner_content_views_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_devices" ADD CONSTRAINT "learner_devices_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_devices" ADD CONSTRAINT "learner_devices_reset_by_admins_id_fk" FOREIGN KEY ("reset_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_feedback" ADD CONSTRAINT "learner_feedback_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_feedback" ADD CONSTRAINT "learner_feedback_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_app_keys" ADD CONSTRAINT "learner_app_keys_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_app_keys" ADD CONSTRAINT "learner_app_keys_revoked_by_admins_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_sessions" ADD CONSTRAINT "learner_sessions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_redemptions" ADD CONSTRAINT "learner_redemptions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_redemptions" ADD CONSTRAINT "learner_redemptions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_attempts_event_key" ON "assessment_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "assessment_attempts_learner_idx" ON "assessment_attempts" USING btree ("learner_id","submitted_at");--> statement-breakpoint
CREATE INDEX "assessment_attempts_assessment_idx" ON "assessment_attempts" USING btree ("assessment_id","submitted_at");--> statement-breakpoint
CREATE INDEX "assessment_attempts_submitted_idx" ON "assessment_attempts" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "assessment_attempts_book_submitted_idx" ON "assessment_attempts" USING btree ("book_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_event_key" ON "contact_messages" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_received_idx" ON "contact_messages" USING btree ("received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_content_views_event_key" ON "learner_content_views" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "learner_content_views_learner_idx" ON "learner_content_views" USING btree ("learner_id","at");--> statement-breakpoint
CREATE INDEX "learner_content_views_at_idx" ON "learner_content_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "learner_content_views_book_at_idx" ON "learner_content_views" USING btree ("book_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_devices_event_key" ON "learner_devices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "learner_devices_learner_idx" ON "learner_devices" USING btree ("learner_id","bound_at");--> statement-breakpoint
CREATE INDEX "learner_devices_bound_idx" ON "learner_devices" USING btree ("bound_at");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_feedback_event_key" ON "learner_feedback" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "learner_feedback_learner_idx" ON "learner_feedback" USING btree ("learner_id","at");--> statement-breakpoint
CREATE INDEX "learner_feedback_at_idx" ON "learner_feedback" USING btree ("at");--> statement-breakpoint
CREATE INDEX "learner_feedback_book_at_idx" ON "learner_feedback" USING btree ("book_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_app_keys_hash_key" ON "learner_app_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_sessions_event_key" ON "learner_sessions" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_sessions_uid_key" ON "learner_sessions" USING btree ("session_uid");--> statement-breakpoint
CREATE INDEX "learner_sessions_learner_idx" ON "learner_sessions" USING btree ("learner_id","started_at");--> statement-breakpoint
CREATE INDEX "learner_sessions_started_idx" ON "learner_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "learners_uid_key" ON "learners" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "learners_registered_idx" ON "learners" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "learners_name_idx" ON "learners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "learners_grade_idx" ON "learners" USING btree ("grade_id","registered_at");--> statement-breakpoint
CREATE INDEX "learners_state_city_idx" ON "learners" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "learners_search_trgm_idx" ON "learners" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "learner_redemptions_event_key" ON "learner_redemptions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "learner_redemptions_learner_idx" ON "learner_redemptions" USING btree ("learner_id","at");--> statement-breakpoint
CREATE INDEX "learner_redemptions_at_idx" ON "learner_redemptions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "learner_redemptions_book_at_idx" ON "learner_redemptions" USING btree ("book_id","at");