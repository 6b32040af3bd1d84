import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { userManager } from './app/auth';

if (window.location.pathname === '/silent_renew') {
  // Token renewal runs in a hidden frame: finish it and render nothing.
  void userManager.signinSilentCallback().catch(() => undefined);
} else {
  void import('./app/App').then(({ App }) => {
    createRoot(document.getElementById('root') as HTMLElement).render(<App />);
  });
}
