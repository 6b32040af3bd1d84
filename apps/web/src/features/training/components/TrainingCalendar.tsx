import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar, { type DatesSetInfo, type EventClickInfo, type EventDisplayInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type ClassFilter,
  clocksDiffer,
  TRAINING_MESSAGES as M,
  TRAINING,
  type TrainingClass,
  wallClockTextIn,
  zoneAbbreviation,
  zoneLabel,
} from '@portico/shared';
import { useMemo, useState } from 'react';
import { useMlsZone } from '../../../core/member';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Spinner } from '../../../ui/Spinner';
import { clockText, eventTimesIn, gridDateToInstant, visibleHours } from '../calendar-hours';
import { browserZone, type ClassTimes, useClassTimes } from '../format';
import { rangeQuery, useClasses, useFiltered } from '../hooks/useTrainingData';
import { CLASS_CARDS_QUERY } from './ClassListTable';
import { ClassPopup } from './ClassPopup';
import styles from './TrainingCalendar.module.css';

const VIEW_KEY = 'portico.training.calendarView';
const VIEW_KEYS: string[] = TRAINING.calendarViews.map((v) => v.key);

/** The last chosen view of this session, else Month. */
function rememberedView(): string {
  const stored = window.sessionStorage.getItem(VIEW_KEY);
  return stored && VIEW_KEYS.includes(stored) ? stored : TRAINING.defaultCalendarView;
}

/**
 * On a phone the Day and Week views are compact agendas of that day or week (FullCalendar's list views): five
 * 60-pixel columns cut every class (issue 28, decision 1035). The view keys and tab names stay the same.
 */
const PHONE_VIEWS: Record<string, string> = { timeGridDay: 'listDay', timeGridWeek: 'listWeek' };
const viewOn = (key: string, isPhone: boolean) => (isPhone ? (PHONE_VIEWS[key] ?? key) : key);
const keyOf = (view: string) => Object.entries(PHONE_VIEWS).find(([, phone]) => phone === view)?.[0] ?? view;

/** A class in the grid: its time and its whole title, wrapped, never cut (issue 28). */
function EventBody({ info, times }: { info: EventDisplayInfo; times: ClassTimes }) {
  const cls = (info.event.extendedProps as { cls: TrainingClass }).cls;
  return (
    <span className={styles.event} data-testid="calendar-event">
      <span className={styles.eventTime}>{times.range(cls.startTime, cls.endTime)}</span>{' '}
      <span className={styles.eventTitle}>{cls.className}</span>
    </span>
  );
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
  const times = useClassTimes();
  const isPhone = useMediaQuery(CLASS_CARDS_QUERY, false, { getInitialValueInEffect: false });
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
  const isOtherClock = clocksDiffer(zone, browserZone());
  const usualHours = TIME_GRID_HOURS[viewType];
  const hours = useMemo(() => (usualHours ? visibleHours(visible, zone, usualHours) : null), [visible, zone, usualHours]);

  const handleDates = (info: DatesSetInfo) => {
    window.sessionStorage.setItem(VIEW_KEY, keyOf(info.view.type));
    setViewType(keyOf(info.view.type));
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
      {isOtherClock && (
        <Text size="sm" mb="xs" data-testid="calendar-zone">
          {M.calendarZoneNote(zoneLabel(zone), zoneAbbreviation(zone))}
        </Text>
      )}
      {hours && hours.outside > 0 && !isPhone && (
        <Text size="sm" mb="xs" role="status" data-testid="outside-hours">
          {M.outsideHours(hours.outside, clockText(hours.start), clockText(hours.end))}
        </Text>
      )}
      <FullCalendar
        // A phone and a desk draw different views of the same key: the calendar starts again when the width crosses.
        key={isPhone ? 'phone' : 'desk'}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicThemePlugin]}
        initialView={viewOn(rememberedView(), isPhone)}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: VIEW_KEYS.map((k) => viewOn(k, isPhone)).join(',') }}
        buttons={{
          today: { text: 'Today', hint: 'Today' },
          ...Object.fromEntries(TRAINING.calendarViews.map((v) => [viewOn(v.key, isPhone), { text: v.label, hint: `${v.label} view` }])),
        }}
        // One time format on the screen: the hours of the grid as the hint and the classes write them (hh:mm A).
        slotHeaderFormat={({ date }) => clockText(`${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`)}
        slotMinHeight={36}
        eventContent={(info: EventDisplayInfo) => <EventBody info={info} times={times} />}
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
