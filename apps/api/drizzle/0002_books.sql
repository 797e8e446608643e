CREATE TABLE "book_isbns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_isbns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" bigint NOT NULL,
	"isbn" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"isbn" text NOT NULL,
	"title" text NOT NULL,
	"grade_id" bigint,
	"subject_id" bigint,
	"series" text,
	"edition" text,
	"language" text NOT NULL,
	"cover_file_key" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "book_isbns" ADD CONSTRAINT "book_isbns_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_isbns_isbn_key" ON "book_isbns" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "book_isbns_book_idx" ON "book_isbns" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn_key" ON "books" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "books_title_idx" ON "books" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "books_status_title_idx" ON "books" USING btree ("status","title");--> statement-breakpoint
CREATE INDEX "books_grade_subject_idx" ON "books" USING btree ("grade_id","subject_id");--> statement-breakpoint
CREATE INDEX "books_subject_idx" ON "books" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "books_updated_idx" ON "books" USING btree ("updated_at");