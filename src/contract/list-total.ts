// No zod here: the web entry reads these.
/**
 * List answers say how many rows their filters match in this header ("1206", or "10000+" past the cap),
 * so a screen can show "1–50 of 1,206" without changing the body every client reads.
 */
export const LIST_TOTAL_HEADER = "x-total-count";
export const LIST_TOTAL_CAP = 10_000;
/** Text searches count their matches to this many. */
export const SEARCH_TOTAL_CAP = 1_000;
