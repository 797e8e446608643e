CREATE TABLE "media_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"source" text NOT NULL,
	"url" text,
	"file_key" text,
	"file_mime" text,
	"file_size" bigint,
	"file_sha256" text,
	"file_name" text,
	"thumbnail_key" text,
	"duration_seconds" double precision,
	"language" text NOT NULL,
	"grade_id" bigint,
	"subject_id" bigint,
	"chapter_id" bigint,
	"topic_id" bigint,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_items" ADD CONSTRAINT "media_items_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_file_key" ON "media_items" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "media_items_kind_title_idx" ON "media_items" USING btree ("kind","title","id");--> statement-breakpoint
CREATE INDEX "media_items_kind_status_title_idx" ON "media_items" USING btree ("kind","status","title","id");--> statement-breakpoint
CREATE INDEX "media_items_kind_language_idx" ON "media_items" USING btree ("kind",lower("language"));--> statement-breakpoint
CREATE INDEX "media_items_kind_created_idx" ON "media_items" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "media_items_grade_idx" ON "media_items" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "media_items_subject_idx" ON "media_items" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "media_items_chapter_idx" ON "media_items" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "media_items_topic_idx" ON "media_items" USING btree ("topic_id");