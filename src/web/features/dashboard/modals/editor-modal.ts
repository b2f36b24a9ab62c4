/**
 * Whether the grid's editors (shift, event) lock the page's scroll while open. They do not: Mantine's
 * scroll lock restyles the whole document as it comes and goes, and with a month of rows behind the
 * modal that restyle was a fifth of a save's time (docs/decisions/0023-grid-editors-without-scroll-lock.md).
 * The grid scrolls in its own box; the modal is centred and keeps focus inside it either way.
 */
export const GRID_EDITOR_LOCKS_SCROLL = false;
