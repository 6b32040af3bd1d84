import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { startAuth, userManager } from './app/auth';

void startAuth().then(() => {
  if (window.location.pathname === '/silent_renew') {
    // Token renewal runs in a hidden frame: finish it and render nothing.
    return userManager()
      .signinSilentCallback()
      .catch(() => undefined);
  }
  return import('./app/App').then(({ App }) => {
    createRoot(document.getElementById('root') as HTMLElement).render(<App />);
  });
});
