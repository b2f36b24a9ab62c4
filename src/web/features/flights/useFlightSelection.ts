// The flights ticked for a bulk delete; a new month starts with none.
import { useState } from 'react';

export function useFlightSelection(month: string) {
  const [selection, setSelection] = useState({ month, ids: new Set<string>() });
  const selected = selection.month === month ? selection.ids : new Set<string>();
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ month, ids: next });
  };
  const clear = () => setSelection({ month, ids: new Set() });
  return { selected, toggle, clear };
}
