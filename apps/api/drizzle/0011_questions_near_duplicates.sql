-- Near duplicates take their candidates from search_vector's GIN index (the
-- text's rarest words, questions.duplicates.ts); the trigram index served
-- `similarity_text % $1`, which read most of it at a million questions (~1 s).
DROP INDEX "questions_similarity_trgm_idx";
