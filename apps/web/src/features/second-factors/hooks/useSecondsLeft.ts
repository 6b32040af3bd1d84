import { useEffect, useState } from 'react';

const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Whole seconds until `until` (ms since the epoch), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(until: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    const tick = window.setInterval(() => setSeconds(secondsUntil(until)), 1000);
    return () => window.clearInterval(tick);
  }, [until]);
  return seconds;
}
