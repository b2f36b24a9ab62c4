// One way to write a versioned record (docs/CONTRIBUTING.md, "Updatable records carry a version"):
// the write names the version the screen based it on; when the server refuses it as stale (409), the
// stored record is read again and handed to the screen, which shows the colleague's version (or that
// it is gone) and bases the next save on it. The planner's own input stays where it is.
// A delete on a version is the same write: refused as stale, the record is kept, the screen's list is
// read again and shows the colleague's version, and the screen says why nothing was deleted.
import { useMutation } from '@tanstack/react-query';
import { isStale } from './api.ts';

export interface VersionedSave<Input, Saved, Stored> {
  /** The save or delete, naming the version it was based on. */
  write: (input: Input) => Promise<Saved>;
  /**
   * After a refusal as stale: the record as stored now, or null when a colleague deleted it. A read
   * that fails (or answers undefined) leaves the refusal to `onFailed`.
   */
  reload: (input: Input) => Promise<Stored | null | undefined>;
  /** The write passed; a returned promise keeps the mutation pending until it settles. */
  onSaved?: (saved: Saved, input: Input) => unknown;
  /** Refused as stale: show `stored` (null: deleted meanwhile) and base the next write on it. */
  onStale: (stored: Stored | null, input: Input) => unknown;
  /** Any other refusal, or a stale one whose stored record could not be read. */
  onFailed: (err: unknown, input: Input) => unknown;
}

export function useVersionedSave<Input = void, Saved = unknown, Stored = unknown>(options: VersionedSave<Input, Saved, Stored>) {
  return useMutation<Saved, unknown, Input>({
    mutationFn: (input) => options.write(input),
    onSuccess: (saved, input) => options.onSaved?.(saved, input),
    onError: async (err, input) => {
      const stored = isStale(err) ? await options.reload(input).catch(() => undefined) : undefined;
      if (stored === undefined) return options.onFailed(err, input);
      return options.onStale(stored, input);
    },
  });
}
