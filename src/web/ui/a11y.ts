import type { CSSProperties } from 'react';

/**
 * Mantine's default error red (red.6) is at 3.3:1 on white, below WCAG AA for the small field-error text.
 * A form given this style shows its field errors in a darker red.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
