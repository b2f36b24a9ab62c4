// A choice of two or three short options shown side by side (the language, the grid's density): native
// radio buttons in a segmented look. Mantine's SegmentedControl draws the same with a sliding
// indicator that it measures when it mounts, which cost the dashboard's first paint about 30 ms for its
// two of them (docs/decisions/0024-first-screen-from-the-page.md). The arrow keys move between the
// options, as in any radio group.
import { useId } from 'react';
import classes from './Choice.module.css';

type Option<Value extends string> = { value: Value; label: string };

type Props<Value extends string> = {
  /** The group's accessible name. */
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: ReadonlyArray<Option<Value>>;
  'data-testid'?: string;
};

export function Choice<Value extends string>({ label, value, onChange, options, 'data-testid': testId }: Props<Value>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root} data-testid={testId}>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.text}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
