CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "assessment_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assessment_id" bigint NOT NULL,
	"section_id" bigint,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"question_id" bigint,
	"instruction" text,
	"marks" numeric(7, 2),
	"negative_marks" numeric(7, 2),
	"active" boolean DEFAULT true NOT NULL,
	"at_tenths" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "assessment_items_kind_check" CHECK (("assessment_items"."kind" = 'question' and "assessment_items"."question_id" is not null and "assessment_items"."instruction" is null) or ("assessment_items"."kind" = 'instruction' and "assessment_items"."question_id" is null and "assessment_items"."instruction" is not null))
);
--> statement-breakpoint
CREATE TABLE "assessment_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assessment_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"instructions" text,
	"time_limit_minutes" integer,
	"toc_node_id" bigint,
	"chapter_id" bigint,
	"rule" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"book_id" bigint,
	"toc_node_id" bigint,
	"test_category_id" bigint,
	"grade_id" bigint,
	"subject_id" bigint,
	"video_id" bigint,
	"duration_minutes" integer,
	"default_marks" numeric(7, 2),
	"default_negative_marks" numeric(7, 2),
	"unanswered_marks" numeric(7, 2) DEFAULT 0 NOT NULL,
	"partial_credit" text DEFAULT 'all_or_nothing' NOT NULL,
	"instructions" text,
	"attempts_allowed" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"cloned_from_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "assessments_window_check" CHECK ("assessments"."available_from" is null or "assessments"."available_to" is null or "assessments"."available_from" < "assessments"."available_to")
);
--> statement-breakpoint
CREATE TABLE "test_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_section_id_assessment_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."assessment_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sections" ADD CONSTRAINT "assessment_sections_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sections" ADD CONSTRAINT "assessment_sections_toc_node_id_toc_nodes_id_fk" FOREIGN KEY ("toc_node_id") REFERENCES "public"."toc_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sections" ADD CONSTRAINT "assessment_sections_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_toc_node_id_toc_nodes_id_fk" FOREIGN KEY ("toc_node_id") REFERENCES "public"."toc_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_test_category_id_test_categories_id_fk" FOREIGN KEY ("test_category_id") REFERENCES "public"."test_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_video_id_media_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."media_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_cloned_from_id_assessments_id_fk" FOREIGN KEY ("cloned_from_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_items_assessment_position_idx" ON "assessment_items" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_items_question_key" ON "assessment_items" USING btree ("assessment_id","question_id");--> statement-breakpoint
CREATE INDEX "assessment_items_question_idx" ON "assessment_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "assessment_sections_assessment_position_idx" ON "assessment_sections" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_sections_chapter_key" ON "assessment_sections" USING btree ("assessment_id","chapter_id");--> statement-breakpoint
CREATE INDEX "assessments_kind_updated_idx" ON "assessments" USING btree ("kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "assessments_toc_node_idx" ON "assessments" USING btree ("toc_node_id");--> statement-breakpoint
CREATE INDEX "assessments_book_idx" ON "assessments" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "assessments_category_idx" ON "assessments" USING btree ("test_category_id");--> statement-breakpoint
CREATE INDEX "assessments_subject_idx" ON "assessments" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "assessments_video_idx" ON "assessments" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_categories_name_key" ON "test_categories" USING btree (lower("name"));