/**
 * The question as one query of its words in any of the three languages: websearch_to_tsquery in
 * each configuration (stems and stop words of that language), its ANDs turned into ORs (a customer's
 * question seldom holds every word of the passage that answers it), the three joined by OR. Ranked by
 * cover density, so passages holding more of the words, closer together, come first. ($1 company,
 * $2 agent or null for the whole company, $3 the question, $4 how many.)
 */
export const KNOWLEDGE_SEARCH_SQL = `
  WITH words AS (
    SELECT array_to_string(array_remove(ARRAY[
      replace(websearch_to_tsquery('portuguese', $3)::text, ' & ', ' | '),
      replace(websearch_to_tsquery('english', $3)::text, ' & ', ' | '),
      replace(websearch_to_tsquery('spanish', $3)::text, ' & ', ' | ')
    ], ''), ' | ') AS text
  ), question AS (
    SELECT text::tsquery AS query FROM words WHERE text <> ''
  )
  SELECT c.id AS chunk_id, c.document_id, d.title, c.body, ts_rank_cd(c.search, question.query)::float8 AS rank
  FROM question
  JOIN ai.knowledge_chunks c ON c.search @@ question.query
  JOIN ai.knowledge_documents d ON d.id = c.document_id AND d.status = 'ready'
  WHERE c.company_id = $1 AND ($2::int IS NULL OR c.agent_id = $2)
  ORDER BY rank DESC, c.id
  LIMIT $4`;
