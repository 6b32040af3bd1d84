/** A message body that passes every admin message rule (seed 002 section 5), with the fields a test changes. */
export function validAdminMessage(over: Record<string, unknown> = {}) {
  return {
    title: 'A message from the office',
    message: 'Office meeting on Friday',
    url: 'https://example.org/meeting',
    expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    systemNotificationStatusId: 1,
    show: true,
    position: 'dash',
    source: 'AOR',
    criteria: [],
    ...over,
  };
}
