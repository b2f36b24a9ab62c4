// Choosing a timetable file for the import: it is read in the browser, its rows are classified by the
// server's rules (new, already there, invalid), and only the answer for the file chosen last counts.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreviewRow, ImportRow, ImportStatus } from '../../../shared/api/flights.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { previewImport } from './api.ts';
import { readTimetableFile, type FileError, type TimetableFile } from './csv.ts';

export interface PreviewLine extends ImportPreviewRow {
  cells: ImportRow;
}

export interface Preview {
  file: TimetableFile;
  lines: PreviewLine[];
  counts: Record<ImportStatus, number>;
}

export function useTimetablePreview(groups: string[]) {
  const { t } = useTranslation('flights');
  const [file, setFile] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  const fileErrorText = (error: FileError) => t(`importModal.fileErrors.${error.key}`, error.params ?? {});

  // Only the answer for the file chosen last may fill the preview.
  const latest = useRef(0);

  const choose = async (chosen: File | null) => {
    const attempt = ++latest.current;
    setFile(chosen);
    setPreview(null);
    setFileError(null);
    setChecking(chosen !== null);
    if (!chosen) return;
    try {
      const read = await readTimetableFile(chosen, groups);
      if (attempt !== latest.current) return;
      if (!read.ok) {
        setFileError(fileErrorText(read.error));
        return;
      }
      const { rows, rowErrors } = read.file;
      const server = rows.length > 0 ? await previewImport(rows) : { rows: [], counts: { new: 0, existing: 0, invalid: 0 } };
      if (attempt !== latest.current) return;
      const cellsOf = new Map(rows.map((r) => [r.row, r]));
      const lines: PreviewLine[] = [
        ...server.rows.map((r) => ({ ...r, cells: cellsOf.get(r.row)! })),
        ...rowErrors.map((r) => ({ row: r.row, status: 'invalid' as const, errors: r.errors, flight: null, cells: r.cells })),
      ].sort((a, b) => a.row - b.row);
      const counts = { new: server.counts.new, existing: server.counts.existing, invalid: server.counts.invalid + rowErrors.length };
      setPreview({ file: read.file, lines, counts });
    } catch (err) {
      if (attempt === latest.current) setFileError(translateApiError(err, t));
    } finally {
      if (attempt === latest.current) setChecking(false);
    }
  };

  return { file, checking, fileError, preview, choose };
}
