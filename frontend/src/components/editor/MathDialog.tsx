import { useEffect, useState } from 'react';
import { Box, Field, Stack, Textarea } from '@chakra-ui/react';
import FormDialog from '../FormDialog';
import { previewTex } from './tex';
import { editorText as t } from './strings';

interface MathDialogProps {
  open: boolean;
  display: boolean;
  /** The TeX of the formula being changed; '' for a new one. */
  initialTex: string;
  onSubmit: (tex: string) => void;
  onClose: () => void;
}

/** The TeX of a formula, with its MathML preview as it is typed and temml's message while it does not parse. */
export default function MathDialog({ open, display, initialTex, onSubmit, onClose }: MathDialogProps) {
  const [tex, setTex] = useState(initialTex);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setTex(initialTex);
      setTried(false);
    }
  }, [open, initialTex]);
  const preview = previewTex(tex, display);
  const error = 'error' in preview ? preview.error || (tried ? t.required : '') : '';

  return (
    <FormDialog
      open={open}
      title={initialTex ? t.editFormula : display ? t.blockMath : t.inlineMath}
      submitLabel={t.insert}
      cancelLabel={t.cancel}
      onSubmit={() => {
        setTried(true);
        if ('mathml' in preview) {
          onSubmit(tex);
          onClose();
        }
      }}
      onClose={onClose}
    >
      <Stack gap="3">
        <Field.Root invalid={!!error}>
          <Field.Label>{t.texSource}</Field.Label>
          <Textarea
            name="tex"
            dir="ltr"
            autoFocus
            rows={3}
            fontFamily="mono"
            value={tex}
            placeholder="\frac{a}{b}"
            onChange={(event) => setTex(event.target.value)}
            onKeyDown={(event) => {
              // Enter inserts; Shift+Enter starts a new line of TeX
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          {error ? (
            <Field.ErrorText dir="ltr" data-testid="math-error">
              {t.formulaError}: {error}
            </Field.ErrorText>
          ) : null}
        </Field.Root>
        {'mathml' in preview ? (
          <Box
            aria-label={t.formulaPreview}
            role="img"
            dir="ltr"
            p="3"
            borderWidth="1px"
            rounded="md"
            overflowX="auto"
            data-testid="math-preview"
            // temml's MathML for the author's own TeX, trust off (no links, ids, classes)
            dangerouslySetInnerHTML={{ __html: preview.mathml }}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
