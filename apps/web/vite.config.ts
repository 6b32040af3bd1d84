import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PORTICO_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/signin', '/cribdata', '/taxapi', '/files'].map((p) => [p, { target: api, changeOrigin: false }]),
    ),
  },
});
