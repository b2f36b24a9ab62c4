// The staff group a screen is narrowed to, kept in the address (`?group=`) so that a link or a reload
// shows the same group; choosing another replaces the history entry rather than adding one.
import { useSearchParams } from 'react-router';

export function useGroupFilter(): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setGroupFilter = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('group', value);
        else next.delete('group');
        return next;
      },
      { replace: true },
    );
  return [params.get('group'), setGroupFilter];
}
