import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box, Loader } from '@mantine/core';
import { type ClassFilter, TRAINING_MESSAGES as M, TRAINING, type TrainingClass } from '@portico/shared';
import { useMemo, useState } from 'react';
import { ErrorPanel } from '../../../ui/ErrorPanel';
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

/** Training Calendar: Day, Week, Month and Agenda; weekdays only; read-only; a click opens the quick popup. */
export function TrainingCalendar({ filter }: { filter: ClassFilter }) {
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  const [selected, setSelected] = useState<TrainingClass | null>(null);
  const query = useMemo(() => (range ? rangeQuery(range.start, range.end) : null), [range]);
  const classes = useClasses(query);
  const visible = useFiltered(classes.data, filter);
  const events = useMemo<EventInput[]>(
    () =>
      visible.map((c) => ({
        id: String(c.id),
        title: c.className,
        start: c.startTime,
        end: c.endTime,
        color: c.instructor.color ?? undefined,
        contrastColor: '#ffffff',
        extendedProps: { cls: c },
      })),
    [visible],
  );

  const handleDates = (info: DatesSetInfo) => {
    window.sessionStorage.setItem(VIEW_KEY, info.view.type);
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
      {classes.isFetching && <Loader size="sm" pos="absolute" right={0} top={-32} aria-label="Loading classes" />}
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
            slotMinTime: withSeconds(TRAINING.dayViewHours.start),
            slotMaxTime: withSeconds(TRAINING.dayViewHours.end),
          },
          timeGridWeek: {
            slotMinTime: withSeconds(TRAINING.workingHours.start),
            slotMaxTime: withSeconds(TRAINING.workingHours.end),
          },
        }}
        weekends={false}
        businessHours={{ daysOfWeek: [1, 2, 3, 4, 5], startTime: TRAINING.workingHours.start, endTime: TRAINING.workingHours.end }}
        editable={false}
        selectable={false}
        allDaySlot={false}
        height="auto"
        events={events}
        eventClick={handleClick}
        datesSet={handleDates}
      />
      <ClassPopup cls={selected} onClose={() => setSelected(null)} />
    </Box>
  );
}
