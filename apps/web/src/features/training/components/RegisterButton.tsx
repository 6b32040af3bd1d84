import { Button } from '@mantine/core';
import { registerButtonState, type TrainingAttendee, type TrainingClass } from '@portico/shared';
import { useRegistration } from '../hooks/useTrainingActions';
import { useMyAttendees } from '../hooks/useTrainingData';

/** The member's live registration of a class, else their latest one (for Attended / Did Not Attend). */
export function attendeeOf(attendees: TrainingAttendee[] | undefined, classId: number): TrainingAttendee | null {
  const mine = (attendees ?? []).filter((a) => a.trainingClassId === classId);
  return mine.find((a) => a.unRegisteredOn === null) ?? mine[mine.length - 1] ?? null;
}

/** Register, Unregister, Class Full, Attended or Did Not Attend (seed 002 section 4). */
export function RegisterButton({ cls, size = 'xs' }: { cls: TrainingClass; size?: 'xs' | 'sm' }) {
  const attendees = useMyAttendees();
  const { register, unregister } = useRegistration();
  const attendee = attendeeOf(attendees.data, cls.id);
  const state = registerButtonState(cls, attendee);
  const isBusy = register.isPending || unregister.isPending;
  const handleClick = () => {
    if (state.action === 'register') register.mutate(cls.id);
    else if (state.action === 'unregister' && attendee) unregister.mutate(attendee);
  };
  return (
    <Button
      size={size}
      variant="filled"
      color={state.action === 'unregister' ? 'red.8' : undefined}
      disabled={state.disabled || attendees.isLoading}
      loading={isBusy}
      onClick={handleClick}
      aria-label={`${state.label}: ${cls.className}`}
    >
      {state.label}
    </Button>
  );
}
