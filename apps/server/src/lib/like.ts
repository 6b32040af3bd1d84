/** The text with LIKE's wildcards and escape character escaped, to match as typed. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching any text that contains `text`. */
export const containsPattern = (text: unknown) => `%${likeEscape(String(text))}%`;
