import type { ReactNode } from 'react';
import { Field, Input, type FieldRootProps, type InputProps } from '@chakra-ui/react';

type RequiredTextFieldProps = {
  label: string;
  value: string;
  /** The message under the field when the last submit found it wrong (null: none). */
  error: string | null;
  /** Each keystroke; the screens clear the error here, so it goes once the author starts correcting it. */
  onValueChange: (value: string) => void;
  /** A line under the field saying what it takes. */
  hint?: ReactNode;
  /** The field's box (its width in a row). */
  root?: FieldRootProps;
} & Omit<InputProps, 'value' | 'onChange'>;

/** A required text input with its label and error message (a name, most often). */
export default function RequiredTextField({ label, value, error, onValueChange, hint, root, ...input }: RequiredTextFieldProps) {
  return (
    <Field.Root required invalid={!!error} {...root}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
