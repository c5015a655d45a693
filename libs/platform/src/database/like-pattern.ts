/** The LIKE pattern (with the default `\` escape) that matches a text containing `term` literally. */
export const likeContaining = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
