/** Seed 002 section 9 for Training, named once. */
export const TRAINING = {
  /** `POST api/app/attendee/q` page size. */
  attendeePageSize: 100,
  /** `POST api/app/classrequest/q` page size. */
  courseRequestPageSize: 500,
  /** The class query reads at most this many classes. */
  classQueryMax: 100,
  /** Calendar working hours and the day view's span. */
  workingHours: { start: '09:00', end: '17:00' },
  dayViewHours: { start: '08:00', end: '17:00' },
  /** Course request times: 8:30 to 16:00 in 30-minute steps, weekdays, up to one year out. */
  requestEarliest: { hour: 8, minute: 30 },
  requestLatest: { hour: 16, minute: 0 },
  requestStepMinutes: 30,
  requestRangeYears: 1,
  topicMin: 5,
  topicMax: 125,
  commentsMax: 1000,
  /** Register failure toast 5 s; course request failure toast 6 s (section 8). */
  registerErrorToastMs: 5_000,
  requestErrorToastMs: 6_000,
  /** Course request statuses (section 4). */
  requestStatuses: { 1: 'New', 2: 'Approved', 3: 'Scheduled', 4: 'Cancelled' } as Record<number, string>,
  requestStatusNew: 1,
  cancellableStatuses: [1, 2] as readonly number[],
  /** The presentation type that has no place to go to (no Location tab, no Directions). */
  virtual: 'Virtual',
  /** The Location tab's map when geocoding fails: Southern California (section 2). */
  defaultMapCenter: { latitude: 34.0, longitude: -117.9, label: 'Southern California' },
  tabs: ['Training Calendar', 'Class List', 'My Scheduled Classes', 'Request a Course', 'My Course Requests'] as const,
  calendarViews: [
    { key: 'timeGridDay', label: 'Day' },
    { key: 'timeGridWeek', label: 'Week' },
    { key: 'dayGridMonth', label: 'Month' },
    { key: 'listMonth', label: 'Agenda' },
  ] as const,
  defaultCalendarView: 'dayGridMonth',
} as const;
