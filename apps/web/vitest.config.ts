import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { precompiledMessages } from './build/precompiled-messages';
import { pseudoLocale } from './build/pseudo-locale';

// A project of the root vitest.config.ts: `npx vitest run --project web`.
export default defineProject({
  // The messages are parsed at build time here too, so the tests format what a browser gets
  // (ADR 187); only the build drops the parser.
  plugins: [react(), pseudoLocale(), ...precompiledMessages({ build: false })],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
