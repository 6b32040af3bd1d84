import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { signedInChunks } from './signed-in-chunks';

const api = process.env.PORTICO_API ?? 'http://localhost:3000';
const APP_MODULE = '/src/app/App.tsx';

/**
 * The entry loads the app chunk with import() once the sign-in settings are read, so the browser would only ask for
 * it after the entry ran: a `modulepreload` in index.html fetches both at once (decision 0992).
 */
function preloadApp(): Plugin {
  return {
    name: 'portico-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const app = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(APP_MODULE)));
        if (!app) throw new Error('preload-app: no chunk holds the app');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${app.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadApp(),
    signedInChunks({
      app: APP_MODULE,
      shell: '/src/app/shell/SignedInGate.tsx',
      dashboard: '/src/features/dashboard/DashboardPage.tsx',
      signedOut: ['/src/features/account/ForgotPasswordPage.tsx', '/src/features/account/PasswordResetPage.tsx'],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Small chunks without side effects merge into one loaded with them (decision 0992): the signed-in dashboard
    // loaded 73 scripts, many of them a few hundred bytes.
    rollupOptions: { output: { experimentalMinChunkSize: 30_000 } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/signin', '/cribdata', '/taxapi', '/files'].map((p) => [p, { target: api, changeOrigin: false }]),
    ),
  },
});
