import { useCallback, useEffect } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from '../../../shared/router/router';

// Leaving campaign/create inside the app with unsaved changes asks first (the caller shows
// the prompt for the returned blocker); closing or reloading the tab gets the browser's own prompt.
// Changes of the query on the same page (the id after the first save) are not leaving, and neither
// is the way to the login page (the session ended: the local copy keeps the work).

export function useLeaveGuard(dirty: boolean): Blocker {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/user'),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}
