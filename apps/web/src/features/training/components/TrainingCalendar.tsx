import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box, Text } from '@mantine/core';
import { type ClassFilter, TRAINING_MESSAGES as M, TRAINING, type TrainingClass, wallClockTextIn } from '@portico/shared';
import { useMemo, useState } from 'react';
import { useMlsZone } from '../../../core/member';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { eventTimesIn, gridDateToInstant, visibleHours } from '../calendar-hours';
import { rangeQuery, useClasses, useFiltered } from '../hooks/useTrainingData';
import { ClassPopup } from './ClassPopup';
import styles from './TrainingCalendar.module.css';

const VIEW_KEY = 'portico.training.calendarView';
const VIEW_KEYS: string[] = TRAINING.calendarViews.map((v) => v.key);

/** The last chosen view of this session, else Month. */
function rememberedView(): string {
  const stored = window.sessionStorage.getItem(VIEW_KEY);
  return stored && VIEW_KEYS.includes(stored) ? stored : TRAINING.defaultCalendarView;
}

const withSeconds = (hhmm: string) => `${hhmm}:00`;

const TIME_GRID_HOURS: Record<string, { start: string; end: string }> = {
  timeGridDay: TRAINING.dayViewHours,
  timeGridWeek: TRAINING.workingHours,
};

/**
 * Training Calendar: Day, Week, Month and Agenda; weekdays only; read-only; a click opens the quick popup. Drawn on
 * the wall clock of the MLS's time zone, 'today' included; the Day and Week views widen their hours to show a class
 * outside them, and say so (decision 0969).
 */
export function TrainingCalendar({ filter }: { filter: ClassFilter }) {
  const zone = useMlsZone();
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  const [viewType, setViewType] = useState(rememberedView);
  const [selected, setSelected] = useState<TrainingClass | null>(null);
  const query = useMemo(
    () => (range ? rangeQuery(gridDateToInstant(zone, range.start), gridDateToInstant(zone, range.end)) : null),
    [range, zone],
  );
  const classes = useClasses(query);
  const visible = useFiltered(classes.data, filter);
  const events = useMemo<EventInput[]>(
    () =>
      visible.map((c) => ({
        id: String(c.id),
        title: c.className,
        ...eventTimesIn(zone, c),
        color: c.instructor.color ?? undefined,
        contrastColor: '#ffffff',
        extendedProps: { cls: c },
      })),
    [visible, zone],
  );
  const usualHours = TIME_GRID_HOURS[viewType];
  const hours = useMemo(() => (usualHours ? visibleHours(visible, zone, usualHours) : null), [visible, zone, usualHours]);

  const handleDates = (info: DatesSetInfo) => {
    window.sessionStorage.setItem(VIEW_KEY, info.view.type);
    setViewType(info.view.type);
    setRange((r) =>
      r && r.start.getTime() === info.start.getTime() && r.end.getTime() === info.end.getTime() ? r : { start: info.start, end: info.end },
    );
  };
  const handleClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    setSelected((info.event.extendedProps as { cls: TrainingClass }).cls);
  };

  return (
    <Box pos="relative" className={styles.calendar} data-testid="training-calendar" aria-busy={classes.isFetching}>
      {classes.error && <ErrorPanel title={M.loadError} message={classes.error.message} />}
      {classes.isFetching && <Spinner size="sm" pos="absolute" right={0} top={-32} label="Loading classes" />}
      {hours && hours.outside > 0 && (
        <Text size="sm" mb="xs" role="status" data-testid="outside-hours">
          {M.outsideHours(hours.outside, hours.start, hours.end)}
        </Text>
      )}
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicThemePlugin]}
        initialView={rememberedView()}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: VIEW_KEYS.join(',') }}
        buttons={{
          today: { text: 'Today', hint: 'Today' },
          ...Object.fromEntries(TRAINING.calendarViews.map((v) => [v.key, { text: v.label }])),
        }}
        views={{
          timeGridDay: {
            slotMinTime: withSeconds(viewType === 'timeGridDay' && hours ? hours.start : TRAINING.dayViewHours.start),
            slotMaxTime: withSeconds(viewType === 'timeGridDay' && hours ? hours.end : TRAINING.dayViewHours.end),
          },
          timeGridWeek: {
            slotMinTime: withSeconds(viewType === 'timeGridWeek' && hours ? hours.start : TRAINING.workingHours.start),
            slotMaxTime: withSeconds(viewType === 'timeGridWeek' && hours ? hours.end : TRAINING.workingHours.end),
          },
        }}
        weekends={false}
        businessHours={{ daysOfWeek: [1, 2, 3, 4, 5], startTime: TRAINING.workingHours.start, endTime: TRAINING.workingHours.end }}
        editable={false}
        selectable={false}
        allDaySlot={false}
        height="auto"
        now={() => wallClockTextIn(zone, new Date())}
        events={events}
        eventClass="training-event"
        eventClick={handleClick}
        datesSet={handleDates}
      />
      <ClassPopup cls={selected} onClose={() => setSelected(null)} />
    </Box>
  );
}
