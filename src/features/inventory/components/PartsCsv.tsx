import { type ChangeEvent, useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { isApiError, messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useExportPartsMutation, useImportPartsMutation } from '../purchasingApi';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

export interface PartsCsvProps {
  /** The centre whose stock the export adds. */
  centerId: string;
  /** What went through, for the page's status line. */
  onDone: (summary: string) => void;
}

/** "line 12" first by number; the file's own summary is the alert's text, not a line. */
function lineErrors(errors: Record<string, string> | undefined): [string, string][] {
  return Object.entries(errors ?? {})
    .filter(([key]) => key.startsWith('line '))
    .sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)));
}

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

/** A file's text (FileReader: older browsers, and jsdom, have no Blob.text()). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/**
 * Import CSV (a file of parts, checked row by row on the server and taken all or nothing: each bad row's errors are
 * listed by line) and Export CSV (the catalogue with the centre's stock, downloaded with the token in a header).
 */
export function PartsCsv({ centerId, onDone }: PartsCsvProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [importParts, { isLoading: importing }] = useImportPartsMutation();
  const [exportParts, { isLoading: exporting }] = useExportPartsMutation();
  const [failure, setFailure] = useState<{ message: string; lines: [string, string][] } | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    try {
      const { created, updated } = await importParts(await readText(file)).unwrap();
      onDone(`Imported ${file.name}: ${created} created, ${updated} updated.`);
    } catch (error) {
      setFailure({ message: messageOf(error), lines: isApiError(error) ? lineErrors(error.errors) : [] });
    }
  }

  async function download() {
    setFailure(null);
    try {
      const { fileName, size } = await exportParts({ centerId }).unwrap();
      onDone(`Exported ${fileName} (${plural(size, 'byte')}).`);
    } catch (error) {
      setFailure({ message: messageOf(error), lines: [] });
    }
  }

  return (
    <>
      <div className={styles.buttons}>
        <input ref={fileRef} type="file" accept=".csv,text/csv" className="visually-hidden" tabIndex={-1} aria-label="Parts CSV file" onChange={(event) => void upload(event)} />
        <Button variant="secondary" startIcon={<Upload />} loading={importing} onClick={() => fileRef.current?.click()}>
          Import CSV
        </Button>
        <Button variant="secondary" startIcon={<Download />} loading={exporting} onClick={() => void download()}>
          Export CSV
        </Button>
      </div>
      {failure && (
        <Alert variant="error" className={own.csvErrors} onDismiss={() => setFailure(null)}>
          {failure.message}
          {failure.lines.length > 0 && (
            <ul aria-label="Errors by line">
              {failure.lines.map(([line, message]) => (
                <li key={line}>
                  {line.replace(/^line/, 'Line')}: {message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </>
  );
}
