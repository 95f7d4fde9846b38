import { useEffect, useState, type ReactNode } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import FormDialog from '../FormDialog';

export interface PromptField {
  name: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  type?: string;
  dir?: 'ltr' | 'rtl';
}

interface PromptDialogProps {
  open: boolean;
  title: string;
  fields: PromptField[];
  submitLabel: string;
  cancelLabel: string;
  onSubmit: (values: Record<string, string>) => string | null | void;
  onClose: () => void;
  children?: ReactNode;
}

/** A small form dialog used by the editor toolbar (link, image, video, table); onSubmit returns an error or nothing. */
export default function PromptDialog({ open, title, fields, submitLabel, cancelLabel, onSubmit, onClose, children }: PromptDialogProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setValues(Object.fromEntries(fields.map((f) => [f.name, f.defaultValue ?? ''])));
      setError(null);
    }
    // fields are rebuilt on each render by callers; reset only when opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      browserValidation
      onSubmit={() => {
        const problem = onSubmit(values);
        if (problem) setError(problem);
        else onClose();
      }}
      onClose={onClose}
    >
      <Stack gap="3">
        {children}
        {fields.map((field, index) => (
          <Field.Root key={field.name} invalid={!!error && index === 0}>
            <Field.Label>{field.label}</Field.Label>
            <Input
              name={field.name}
              type={field.type ?? 'text'}
              dir={field.dir}
              placeholder={field.placeholder}
              autoFocus={index === 0}
              value={values[field.name] ?? ''}
              onChange={(event) => setValues((prev) => ({ ...prev, [field.name]: event.target.value }))}
            />
            {index === 0 && error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          </Field.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}
