import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { CalendarClock, CalendarX } from 'lucide-react';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { instantOfWallTime, suggestedWallTime, type WallTime } from './schedule-time';

interface Props {
  /** The time the post is scheduled for (null: not scheduled). */
  scheduledAt: string | null;
  pending: boolean;
  onSchedule: (publishAt: string) => void;
  onUnschedule: () => void;
}

/**
 * "Schedule", next to "publish": a day and a time in the blog's time zone, read back in Arabic before confirming.
 * A scheduled post shows its time and can be unscheduled (it goes back to draft).
 */
export default function ScheduleControl({ scheduledAt, pending, onSchedule, onUnschedule }: Props) {
  const [open, setOpen] = useState(false);
  const [wall, setWall] = useState<WallTime>(() => suggestedWallTime());

  if (scheduledAt) {
    return (
      <Stack gap="2" data-testid="schedule-control">
        <Text fontSize="sm" color="purple.fg" data-testid="scheduled-for">
          {t.scheduledFor(formatDate(scheduledAt))}
        </Text>
        <Button type="button" variant="outline" disabled={pending} onClick={onUnschedule}>
          <CalendarX size={16} aria-hidden />
          {t.unschedule}
        </Button>
      </Stack>
    );
  }

  const instant = instantOfWallTime(wall);
  const inFuture = instant !== null && instant.getTime() > Date.now();
  // the date and the time inputs, each holding its half of the wall-clock time
  const wallInput = (part: keyof WallTime, type: 'date' | 'time', name: string, label: string) => (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input type={type} size="sm" name={name} value={wall[part]} onChange={(e) => setWall({ ...wall, [part]: e.target.value })} />
    </Field.Root>
  );
  return (
    <Stack gap="2" data-testid="schedule-control">
      <Button type="button" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
        <CalendarClock size={16} aria-hidden />
        {t.schedule}
      </Button>
      {open ? (
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" role="group" aria-label={t.scheduleTitle}>
          <HStack gap="2" align="end">
            {wallInput('day', 'date', 'scheduleDay', t.scheduleDate)}
            {wallInput('time', 'time', 'scheduleTime', t.scheduleTime)}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {t.scheduleHint}
          </Text>
          <Text fontSize="sm" color={inFuture ? undefined : 'fg.error'} data-testid="schedule-preview">
            {inFuture && instant ? t.scheduleAt(formatDate(instant)) : t.scheduleInPast}
          </Text>
          <Button
            type="button"
            colorPalette="purple"
            size="sm"
            disabled={!inFuture || pending}
            onClick={() => instant && onSchedule(instant.toISOString())}
          >
            {t.scheduleConfirm}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
