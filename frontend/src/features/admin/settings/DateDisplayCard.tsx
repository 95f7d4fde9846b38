import { Card, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, type DateDisplay, type DisplayCalendar, type DisplayDigits } from '@mudawwana/rules';
import { admin as t } from '@/i18n/admin';
import { useGetDateDisplay, useUpdateDateDisplay } from '../api';
import { SaveRow } from '../components/SaveButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import { saveFormMutation, useSavedForm } from '../components/useSavedForm';

const CALENDAR_LABEL: Record<DisplayCalendar, string> = {
  gregory: t.calendarGregorian,
  'islamic-umalqura': t.calendarHijri,
};

const DIGITS_LABEL: Record<DisplayDigits, string> = {
  latn: t.digitsWestern,
  arab: t.digitsArabicIndic,
};

const sameDisplay = (display: DateDisplay) => ({ ...display });

/** A labelled select of one of the setting's choices (`labels` names each, in order). */
function ChoiceSelect<Choice extends string>(props: {
  id: string;
  name: string;
  label: string;
  value: Choice;
  labels: Record<Choice, string>;
  onChange: (value: Choice) => void;
}) {
  return (
    <Field.Root>
      <Field.Label htmlFor={props.id}>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={props.id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value as Choice)}>
          {(Object.entries(props.labels) as [Choice, string][]).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The calendar and digits readers' dates and counts are shown in (pages, mails), with an example. Saving rebuilds every
 * stored page that shows a date or a count.
 */
export default function DateDisplayCard() {
  const current = useGetDateDisplay({ query: { refetchOnWindowFocus: false } });
  const { form, setForm, baseline, saved } = useSavedForm(current.data, sameDisplay);
  const update = useUpdateDateDisplay(saveFormMutation(saved, { savedBody: t.dateDisplaySaved, failedBody: t.dateDisplayError }));
  const changed = !!form && !!baseline && (form.calendar !== baseline.calendar || form.digits !== baseline.digits);

  return (
    <Card.Root variant="outline" data-testid="date-display-settings">
      <Card.Header>
        <Card.Title as="h2">{t.dateDisplay}</Card.Title>
        <Card.Description>{t.dateDisplayHint}</Card.Description>
      </Card.Header>
      <Card.Body>
        {current.isError ? (
          <ErrorState title={t.dateDisplayError} error={current.error} onRetry={() => void current.refetch()} />
        ) : !form ? (
          <LoadingState />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (changed) update.mutate({ data: form });
            }}
          >
            <Stack gap="4">
              <ChoiceSelect
                id="date-calendar"
                name="calendar"
                label={t.calendar}
                value={form.calendar}
                labels={CALENDAR_LABEL}
                onChange={(calendar) => setForm({ ...form, calendar })}
              />
              <ChoiceSelect
                id="date-digits"
                name="digits"
                label={t.digits}
                value={form.digits}
                labels={DIGITS_LABEL}
                onChange={(digits) => setForm({ ...form, digits })}
              />
              <Text color="fg.muted" fontSize="sm" data-testid="date-display-example">
                {t.dateDisplayExample(formatDateTime(new Date(), { display: form }))}
              </Text>
              <SaveRow changed={changed} pending={update.isPending} />
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
