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
              <Field.Root>
                <Field.Label htmlFor="date-calendar">{t.calendar}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    id="date-calendar"
                    name="calendar"
                    value={form.calendar}
                    onChange={(e) => setForm({ ...form, calendar: e.target.value as DisplayCalendar })}
                  >
                    {Object.entries(CALENDAR_LABEL).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label htmlFor="date-digits">{t.digits}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    id="date-digits"
                    name="digits"
                    value={form.digits}
                    onChange={(e) => setForm({ ...form, digits: e.target.value as DisplayDigits })}
                  >
                    {Object.entries(DIGITS_LABEL).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
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
