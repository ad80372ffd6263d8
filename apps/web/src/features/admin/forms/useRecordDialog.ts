import { useCallback, useState } from 'react';
import type { FormMode } from './fields';

export interface RecordDialog<T> {
  mode: FormMode;
  row: T | null;
  preset?: Record<string, unknown>;
  reviewFirst?: boolean;
}

/** Which record's dialog is open, if any: create, edit, or an action that is a preset change. */
export function useRecordDialog<T>() {
  const [dialog, setDialog] = useState<RecordDialog<T> | null>(null);
  const create = useCallback(() => setDialog({ mode: 'create', row: null }), []);
  const edit = useCallback((row: T) => setDialog({ mode: 'edit', row }), []);
  /** An Open or Close: straight to the review of that one change. */
  const act = useCallback(
    (row: T, preset: Record<string, unknown>) => setDialog({ mode: 'edit', row, preset, reviewFirst: true }),
    [],
  );
  /** A creation that belongs to a parent record (a pool of a project, a protocol of a product). */
  const setCreate = useCallback((parent: T) => setDialog({ mode: 'create', row: parent }), []);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, create, edit, act, setCreate, close };
}
