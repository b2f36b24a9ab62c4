// The kinds of an employee's wish (docs/generator-format.md#wishes), apart from the API's schemas so that
// the employee's screen can list them without loading the schema library.
export const WISH_KINDS = ['dayOff', 'noEarly', 'noLate', 'noNight', 'work'] as const;
export type WishKind = (typeof WISH_KINDS)[number];
