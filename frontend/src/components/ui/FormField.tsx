import { Field, Input, type InputProps } from '@chakra-ui/react';

/** A labelled input with its validation message (invalid state wired for screen readers). */
export function FormField({ label, error, ...input }: InputProps & { label: string; error?: string }) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} />
      {error && (
        <Field.ErrorText color={{ _light: 'red.700', _dark: 'red.300' }} data-testid={`error-${input.name}`}>
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
