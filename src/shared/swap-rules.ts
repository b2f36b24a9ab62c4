// The limits of shift swaps (docs/swaps.md) without the API's schemas: the employee's swaps section
// reads its note's length from here, so that it adds its own small file and none of the schema library.

/** The longest note with an offer, and the longest reason of a refusal. */
export const SWAP_TEXT_MAX = 500;
