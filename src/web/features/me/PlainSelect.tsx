// A labelled native select for the employee's screens, made of Mantine's plain input, which the sign-in
// page has already loaded: Mantine's own select components live in the planners' shared file, and
// would bring all of it to the employee's first screen (e2e/first-load.spec.ts keeps its budget).
import { useId } from 'react';
import { Input, type MantineSize } from '@mantine/core';

/** The select's arrow: a native select drawn by the plain input has none of its own. */
const Chevron = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M6 9l6 6l6 -6" />
  </svg>
);

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  size?: MantineSize;
}

export function PlainSelect({ label, value, onChange, options, size }: Props) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} size={size}>
      <Input
        component="select"
        id={id}
        size={size}
        value={value}
        rightSection={<Chevron />}
        rightSectionPointerEvents="none"
        onChange={(e) => onChange((e.currentTarget as unknown as HTMLSelectElement).value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}
