import { useEffect, useState } from 'react';
import { admin as t } from '@/i18n/admin';
import { withToasts } from '../notify';

/**
 * A settings form seeded once from the server's values, with the last saved values kept as a baseline (the
 * screens enable Save only when the form differs from it). `saved` re-seeds both after a successful save.
 */
export function useSavedForm<Data, Form>(data: Data | undefined, toForm: (data: Data) => Form) {
  const [form, setForm] = useState<Form | null>(null);
  const [baseline, setBaseline] = useState<Form | null>(null);

  const saved = (values: Data) => {
    const next = toForm(values);
    setForm(next);
    setBaseline(next);
  };

  useEffect(() => {
    if (data && !form) saved(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- seeded once, from the first data that arrives
  }, [data, form]);

  return { form, setForm, baseline, saved };
}

/**
 * The mutation options of a settings form's save: on success, says so and re-seeds the form from what the server
 * kept (`saved` of useSavedForm); on failure, says why.
 */
export function saveFormMutation<Data>(saved: (values: Data) => void, text: { savedBody: string; failedBody: string }) {
  return withToasts({ done: [t.updatedTitle, text.savedBody], failed: [t.errorTitle, text.failedBody], after: saved });
}
