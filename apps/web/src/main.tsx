import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { startAuth, styleNonce, userManager } from './core/auth';

// Modals and drawers lock the page's scroll with a style element (react-remove-scroll): it takes the page's nonce.
setNonce(styleNonce());

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
