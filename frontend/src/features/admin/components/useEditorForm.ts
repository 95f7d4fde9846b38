import { useEffect, useState } from 'react';

/**
 * An editor's form and the saved values it is compared with (Save, the unsaved-changes guard, autosave): empty for
 * a new record; for an existing one, seeded once from the record when it arrives, and the record's version is the
 * one the next save is based on. `ready` turns true then (at once for a new record).
 */
export function useEditorForm<Saved extends { version: number }, Form>(
  saved: Saved | undefined,
  isEdit: boolean,
  empty: Form,
  toForm: (saved: Saved) => Form,
  setVersion: (version: number) => void,
) {
  const [form, setForm] = useState<Form>(empty);
  const [baseline, setBaseline] = useState<Form>(empty);
  const [ready, setReady] = useState(!isEdit);

  useEffect(() => {
    if (ready || !isEdit || !saved) return;
    const values = toForm(saved);
    setForm(values);
    setBaseline(values);
    setVersion(saved.version);
    setReady(true);
    // toForm is pure and setVersion a state setter: the form is seeded once, from the first record that arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEdit, saved, ready]);

  return { form, setForm, baseline, setBaseline, ready };
}
