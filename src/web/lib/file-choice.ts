// The file-choice flow of an import dialog (flights, staff): a new choice starts over (what the last
// file gave is cleared), the file is read while a line says so, and only the answer for the file chosen
// last counts, so that a slow read of an earlier file never shows over a later one.
import { useRef, useState } from 'react';

export interface FileChoiceSteps {
  /** Clears what the previous file gave (its reading, the dry run, the errors). */
  reset: () => void;
  /**
   * Reads the chosen file; `current()` tells whether it is still the file chosen last (check it after
   * every wait). Returns why the file cannot be imported, in the UI language, or nothing when it can.
   */
  read: (file: File, current: () => boolean) => Promise<string | void>;
}

export function useFileChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const latest = useRef(0);

  const choose = async (chosen: File | null, { reset, read }: FileChoiceSteps) => {
    const attempt = ++latest.current;
    const current = () => attempt === latest.current;
    setFile(chosen);
    reset();
    setFileError(null);
    setReading(chosen !== null);
    if (!chosen) return;
    try {
      const refused = await read(chosen, current);
      if (current() && typeof refused === 'string') setFileError(refused);
    } finally {
      if (current()) setReading(false);
    }
  };

  return {
    file,
    reading,
    fileError,
    choose,
    /** The choice a later answer (a dry run, a save) belongs to: it counts only while `isCurrent` says so. */
    attempt: () => latest.current,
    isCurrent: (attempt: number) => attempt === latest.current,
  };
}
