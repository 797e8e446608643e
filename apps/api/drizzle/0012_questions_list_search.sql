-- A text search walks an index in list order and tests each entry's words;
-- without search_vector in the index that test read a table row per entry
-- (random reads over a 1.2 GB table at a million questions), and the exact
-- count built the GIN bitmap of every question holding the prefix (80,000
-- for a frequent word). Carried in these indexes (INCLUDE: not a key,
-- tsvector has no btree order) the page and the count are index-only scans.
-- drizzle-kit cannot express INCLUDE: the schema declares them without it
-- (apps/api/src/db/schema/questions.ts says so). ~300 MB each at a million.
CREATE INDEX "questions_updated_search_idx" ON "questions" USING btree ("updated_at","id","status","difficulty","type","language") INCLUDE ("search_vector");--> statement-breakpoint
CREATE INDEX "questions_subject_search_idx" ON "questions" USING btree ("subject_id","updated_at","id","status","difficulty","type","language","marks") INCLUDE ("search_vector");
