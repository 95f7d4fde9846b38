import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Grid, HStack, IconButton, NativeSelect, Popover, Portal, Text } from '@chakra-ui/react';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { ARABIC_MONTHS, formatDay } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import {
  addMonths,
  clampMonth,
  isSelectableDay,
  MIN_PUBLICATION_DAY,
  monthGrid,
  monthHasSelectable,
  parseDay,
  selectableYears,
  toDay,
  WEEK_START,
  weekOrder,
} from './calendar';

const WEEKDAYS_AR = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
/** The usual one-letter Arabic weekday initials (Sunday first). */
const WEEKDAY_INITIALS_AR = ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'];

interface DatePickerProps {
  /** YYYY-MM-DD or '' */
  value: string;
  onChange: (day: string) => void;
  id?: string;
}

/** Publication date: a popover calendar in Arabic (week from Saturday), only 2020-01-01..today selectable. */
export default function DatePicker({ value, onChange, id }: DatePickerProps) {
  const today = toDay(new Date());
  const initial = parseDay(value) ?? parseDay(today)!;
  const [open, setOpen] = useState(false);
  const [view, setView] = useState({ year: initial.year, month: initial.month });
  const weeks = useMemo(() => monthGrid(view.year, view.month, WEEK_START.ar), [view]);
  const years = selectableYears(MIN_PUBLICATION_DAY, today);
  /** A month of the chosen year inside 2020-01..this month (a year change keeps the month when it can). */
  const clampToRange = (year: number, month: number) => clampMonth(year, month, MIN_PUBLICATION_DAY, today);
  const prev = addMonths(view.year, view.month, -1);
  const next = addMonths(view.year, view.month, 1);
  // the arrows to the month before and after, off where that month has no day to pick
  const stepTo = (month: { year: number; month: number }, label: string, icon: ReactNode) => (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={label}
      disabled={!monthHasSelectable(month.year, month.month, MIN_PUBLICATION_DAY, today)}
      onClick={() => setView(month)}
    >
      {icon}
    </IconButton>
  );

  return (
    <HStack gap="2">
      <Popover.Root
        open={open}
        onOpenChange={(e) => {
          setOpen(e.open);
          if (e.open) {
            const p = parseDay(value) ?? parseDay(today)!;
            setView({ year: p.year, month: p.month });
          }
        }}
        positioning={{ placement: 'bottom-start' }}
      >
        <Popover.Trigger asChild>
          <Button id={id} variant="outline" size="sm" justifyContent="flex-start" minW="52" data-testid="date-picker-trigger">
            <CalendarDays size={16} aria-hidden />
            {value ? formatDay(`${value}T12:00:00`) : t.pickDate}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w="auto" dir="rtl" aria-label={t.fieldDate}>
              <Popover.Body p="3">
                <HStack justify="space-between" mb="2">
                  {stepTo(prev, 'الشهر السابق', <ChevronRight size={16} />)}
                  {/* month and year jump straight to any month of 2020..today (not one click per month) */}
                  <HStack gap="1" data-testid="calendar-month">
                    <NativeSelect.Root size="xs" width="auto">
                      <NativeSelect.Field
                        aria-label={t.calendarMonth}
                        value={view.month}
                        onChange={(e) => setView(clampToRange(view.year, Number(e.target.value)))}
                      >
                        {ARABIC_MONTHS.map((name, month) => (
                          <option key={name} value={month} disabled={!monthHasSelectable(view.year, month, MIN_PUBLICATION_DAY, today)}>
                            {name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <NativeSelect.Root size="xs" width="auto">
                      <NativeSelect.Field
                        aria-label={t.calendarYear}
                        value={view.year}
                        onChange={(e) => setView(clampToRange(Number(e.target.value), view.month))}
                      >
                        {years.map((year) => (
                          <option key={year} value={year}>
                            {year}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </HStack>
                  {stepTo(next, 'الشهر التالي', <ChevronLeft size={16} />)}
                </HStack>
                <Grid templateColumns="repeat(7, 2.5rem)" gap="1" role="group" aria-label={t.fieldDate}>
                  {weekOrder(WEEK_START.ar).map((d) => (
                    <Text
                      key={d}
                      aria-hidden
                      data-weekday={d}
                      fontSize="xs"
                      fontWeight="bold"
                      textAlign="center"
                      color="fg.muted"
                      title={WEEKDAYS_AR[d]}
                    >
                      {WEEKDAY_INITIALS_AR[d]}
                    </Text>
                  ))}
                  {weeks.flat().map((day, i) =>
                    day ? (
                      <Button
                        key={day}
                        size="xs"
                        variant={day === value ? 'solid' : day === today ? 'outline' : 'ghost'}
                        disabled={!isSelectableDay(day, MIN_PUBLICATION_DAY, today)}
                        aria-pressed={day === value}
                        aria-label={formatDay(`${day}T12:00:00`)}
                        data-day={day}
                        onClick={() => {
                          onChange(day);
                          setOpen(false);
                        }}
                      >
                        {Number(day.slice(8))}
                      </Button>
                    ) : (
                      <Box key={`pad-${i}`} />
                    ),
                  )}
                </Grid>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {value ? (
        <IconButton size="xs" variant="ghost" aria-label="مسح التاريخ" onClick={() => onChange('')}>
          <X size={14} />
        </IconButton>
      ) : null}
    </HStack>
  );
}
