CREATE TABLE "free_books" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "promo_video_grades" (
	"promo_video_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	CONSTRAINT "promo_video_grades_promo_video_id_grade_id_pk" PRIMARY KEY("promo_video_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "promo_videos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "free_books" ADD CONSTRAINT "free_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_video_grades" ADD CONSTRAINT "promo_video_grades_promo_video_id_promo_videos_id_fk" FOREIGN KEY ("promo_video_id") REFERENCES "public"."promo_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_video_grades" ADD CONSTRAINT "promo_video_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_videos" ADD CONSTRAINT "promo_videos_video_id_media_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."media_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_books_book_key" ON "free_books" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "free_books_created_idx" ON "free_books" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promo_video_grades_grade_idx" ON "promo_video_grades" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "promo_videos_position_idx" ON "promo_videos" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "promo_videos_video_idx" ON "promo_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "toc_nodes_free_book_idx" ON "toc_nodes" USING btree ("book_id") WHERE "toc_nodes"."is_free";