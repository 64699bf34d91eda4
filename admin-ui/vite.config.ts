/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { getSector } from '@rdv/sectors';

// The sector is fixed at build time (one deployment = one sector). An unknown SECTOR stops the
// build with getSector's message instead of shipping a blank page.
const sector = process.env.SECTOR ?? '';
getSector(sector);

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  define: {
    __SECTOR__: JSON.stringify(sector),
  },
  server: { port: 5175, proxy: { '/api': 'http://127.0.0.1:3001' } },
  preview: { port: 4175 },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/admin/' } },
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Two shared cores: whole-app renders with MUI can take a few seconds.
    testTimeout: 20_000,
  },
});
