// The dashboard's dates are the shared ones (src/web/ui/dates.ts).
export * from '../../ui/dates.ts';
