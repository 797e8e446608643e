CREATE TABLE "qr_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" bigint,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"batch_id" bigint NOT NULL,
	"book_id" bigint,
	"target_kind" text,
	"toc_node_id" bigint,
	"video_id" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "qr_scans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_id" bigint NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_batches" ADD CONSTRAINT "qr_batches_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_batch_id_qr_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."qr_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_toc_node_id_toc_nodes_id_fk" FOREIGN KEY ("toc_node_id") REFERENCES "public"."toc_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_video_id_media_items_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."media_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_code_key" ON "qr_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "qr_codes_book_idx" ON "qr_codes" USING btree ("book_id","id");--> statement-breakpoint
CREATE INDEX "qr_codes_toc_node_idx" ON "qr_codes" USING btree ("toc_node_id");--> statement-breakpoint
CREATE INDEX "qr_codes_video_idx" ON "qr_codes" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "qr_codes_video_codes_idx" ON "qr_codes" USING btree ("id") WHERE "qr_codes"."book_id" is null;--> statement-breakpoint
CREATE INDEX "qr_scans_code_idx" ON "qr_scans" USING btree ("code_id","scanned_at");