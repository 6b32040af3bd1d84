import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** Counts down once a second from `seconds` (null: not running) and goes to / at zero. */
export function useCountdownHome(seconds: number | null): number | null {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const tick = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [left, navigate]);
  return left;
}
