// A screen's choice kept in the address (`?group=`, `?short=`), so that a link or a reload shows the
// same; a new choice replaces the history entry rather than adding one, and null removes it.
import { useSearchParams } from 'react-router';

export function useAddressParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setValue = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), setValue];
}
