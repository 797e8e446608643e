CREATE TABLE "content_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"node_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_key" text,
	"file_mime" text,
	"file_size" bigint,
	"file_sha256" text,
	"file_name" text,
	"pages" integer,
	"media_item_id" bigint,
	"url" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "toc_nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "toc_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"book_id" bigint NOT NULL,
	"parent_id" bigint,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"chapter_id" bigint,
	"topic_id" bigint,
	"position" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_node_id_toc_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."toc_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_nodes" ADD CONSTRAINT "toc_nodes_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_nodes" ADD CONSTRAINT "toc_nodes_parent_id_toc_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."toc_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_nodes" ADD CONSTRAINT "toc_nodes_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toc_nodes" ADD CONSTRAINT "toc_nodes_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_node_position_idx" ON "content_items" USING btree ("node_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_node_media_key" ON "content_items" USING btree ("node_id","media_item_id");--> statement-breakpoint
CREATE INDEX "content_items_media_idx" ON "content_items" USING btree ("media_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_file_key" ON "content_items" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "toc_nodes_book_parent_position_idx" ON "toc_nodes" USING btree ("book_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "toc_nodes_parent_idx" ON "toc_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "toc_nodes_chapter_idx" ON "toc_nodes" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "toc_nodes_topic_idx" ON "toc_nodes" USING btree ("topic_id");