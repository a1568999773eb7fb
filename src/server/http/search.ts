/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards in the input taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How many keys a search may name to its list as values PostgreSQL sees when it plans (the customers of an
 * order search, the addresses of a messages search): past it, the term is a common one, and the list is read
 * in its page's order with the term as a filter (decisions 58 and 69). Each lookup reads one key more.
 */
export const SEARCH_KEYS_CAP = 200;

/** The keys a lookup found, or null when they are more than `SEARCH_KEYS_CAP`. */
export const fewKeys = <T>(keys: T[]): T[] | null => (keys.length > SEARCH_KEYS_CAP ? null : keys);
