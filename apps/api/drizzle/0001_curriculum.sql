CREATE TABLE "chapters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"grade_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chapter_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_subject_name_key" ON "chapters" USING btree ("subject_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_subject_number_key" ON "chapters" USING btree ("subject_id","number");--> statement-breakpoint
CREATE INDEX "chapters_subject_position_idx" ON "chapters" USING btree ("subject_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_name_lower_key" ON "grades" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_grade_name_key" ON "subjects" USING btree ("grade_id",lower("name"));--> statement-breakpoint
CREATE INDEX "subjects_grade_position_idx" ON "subjects" USING btree ("grade_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_chapter_name_key" ON "topics" USING btree ("chapter_id",lower("name"));--> statement-breakpoint
CREATE INDEX "topics_chapter_position_idx" ON "topics" USING btree ("chapter_id","position");--> statement-breakpoint
INSERT INTO "grades" ("name", "position") VALUES
	('Nursery', 1), ('LKG', 2), ('UKG', 3),
	('Class 1', 4), ('Class 2', 5), ('Class 3', 6), ('Class 4', 7), ('Class 5', 8), ('Class 6', 9),
	('Class 7', 10), ('Class 8', 11), ('Class 9', 12), ('Class 10', 13), ('Class 11', 14), ('Class 12', 15);
