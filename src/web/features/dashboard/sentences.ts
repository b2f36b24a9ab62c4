// The report's sentences are shared with the Coverage screen's run history (src/web/ui/sentences.ts).
export * from '../../ui/sentences.ts';
