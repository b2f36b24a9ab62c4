import type { CSSProperties } from 'react';

/**
 * Mantine's default error red (red.6) is at 3.3:1 on white, below WCAG AA for the small field-error text.
 * Forms of these screens use a darker red; the theme could adopt it for every screen.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
