import { useEffect, useState } from 'react';

/** How long a save may run before its button shows that it is busy. */
export const BUSY_SHOWN_AFTER_MS = 300;

/**
 * `on` once it has stayed on for `delay` ms; off as soon as it is off. A save that is answered at once
 * (most are, in a few tens of milliseconds) then never flashes a spinner, nor costs the page a frame
 * drawn for it while the answer is on its way.
 */
export function useShownAfter(on: boolean, delay = BUSY_SHOWN_AFTER_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setShown(true), delay);
    // Off again: the next time it comes on, it waits again.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [on, delay]);
  return on && shown;
}
