import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving with unsaved changes: in-app navigation through React Router's blocker (the page shows
 * the question), closing or reloading the tab through the browser's own beforeunload prompt.
 */
export function useLeaveGuard(isDirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return blocker;
}
