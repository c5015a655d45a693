/**
 * The question's words, without those that are stop words in any of the three languages ('o', 'de',
 * 'a', 'para'...: English keeps Portuguese's, and they would match every chunk), as a query in each
 * configuration (its stems), the three joined by OR. First the chunks holding all of a language's
 * words; when fewer than asked, those holding any of them, at most CANDIDATES of them ranked (ranking
 * reads each chunk's tsvector: an unbounded OR over common words ranked thousands). Ranked by cover
 * density, so passages holding more of the words, closer together, come first. ($1 company, $2 agent
 * or null for the whole company, $3 the question, $4 how many.)
 */
const CANDIDATES = 100;

export const KNOWLEDGE_SEARCH_SQL = `
  WITH kept AS (
    SELECT coalesce(string_agg(word, ' '), '') AS text
    FROM regexp_split_to_table(lower($3), '[[:space:][:punct:]]+') AS word
    WHERE to_tsvector('portuguese', word) <> '' AND to_tsvector('english', word) <> '' AND to_tsvector('spanish', word) <> ''
  ), question AS (
    SELECT websearch_to_tsquery('portuguese', text) || websearch_to_tsquery('english', text) || websearch_to_tsquery('spanish', text) AS every,
      nullif(array_to_string(array_remove(ARRAY[
        replace(websearch_to_tsquery('portuguese', text)::text, ' & ', ' | '),
        replace(websearch_to_tsquery('english', text)::text, ' & ', ' | '),
        replace(websearch_to_tsquery('spanish', text)::text, ' & ', ' | ')
      ], ''), ' | '), '')::tsquery AS any
    FROM kept WHERE text <> ''
  ), precise AS (
    SELECT c.id FROM question JOIN ai.knowledge_chunks c ON c.search @@ question.every
    WHERE c.company_id = $1 AND ($2::int IS NULL OR c.agent_id = $2)
    LIMIT ${CANDIDATES}
  ), broad AS (
    SELECT c.id FROM question JOIN ai.knowledge_chunks c ON c.search @@ question.any
    WHERE c.company_id = $1 AND ($2::int IS NULL OR c.agent_id = $2) AND (SELECT count(*) FROM precise) < $4
    LIMIT ${CANDIDATES}
  ), candidates AS (
    SELECT id FROM precise UNION SELECT id FROM broad
  )
  SELECT c.id AS chunk_id, c.document_id, d.title, c.body, ts_rank_cd(c.search, question.any)::float8 AS rank
  FROM candidates
  JOIN ai.knowledge_chunks c ON c.id = candidates.id
  JOIN ai.knowledge_documents d ON d.id = c.document_id AND d.status = 'ready'
  CROSS JOIN question
  ORDER BY rank DESC, c.id
  LIMIT $4`;
