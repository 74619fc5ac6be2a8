import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { oneCopyEach } from './build/one-copy-each';
import { precompiledMessages } from './build/precompiled-messages';
import { precompress } from './build/precompress';
import { pseudoLocale } from './build/pseudo-locale';
import { serviceWorker } from './build/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig(({ command }) => ({
  root,
  plugins: [
    react(),
    tailwindcss(),
    pseudoLocale(),
    ...precompiledMessages({ build: command === 'build' }),
    oneCopyEach(),
    precompress(),
    serviceWorker(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  // `vite preview` gets the same proxy so a built bundle can be tried against a local API.
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Left alone, the bundler cut the shared code into one chunk per set of screens that
        // use it: 20–30 requests of a few hundred bytes each per page, each with ~1 kB of
        // headers and, over HTTP/1.1's six connections, a round trip of its own (ADR 020).
        codeSplitting: {
          groups: [
            {
              // What the entry needs on every page anyway: React, React Router, TanStack
              // Query, the icon runtime and the API client. One cached file.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](shared|createLucideIcon|Icon|defaultAttributes|context)|src[\\/]lib[\\/](cn|api-client|query-client|token-storage)\.ts$|packages[\\/]contracts[\\/]src[\\/]constants|vite[\\/]preload-helper/,
              priority: 2,
            },
            {
              // The rest of what the entry imports on every page that lazy screens share too (the
              // language provider, the header's pieces, the toaster, the offline store): without
              // this group each became a file of its own, 15 scripts before the first paint
              // instead of 7 (issue 31 grew them past the kit's 4 kB; the offline journey caught
              // it). Only these modules, not what they import.
              name: 'shell',
              test: /apps[\\/]web[\\/]src[\\/](i18n[\\/](catalogues|contract-text|provider|index)\.tsx?$|app[\\/]layout[\\/](account-trigger|brand|language-select)\.tsx$|app[\\/]member-locale\.tsx$|app[\\/]routes[\\/]not-found\.tsx$|features[\\/]auth[\\/]hooks[\\/]use-auth\.ts$|features[\\/]search[\\/]components[\\/]search-box\.tsx$|components[\\/]ui[\\/](progress|toaster)\.tsx$|features[\\/]tracking[\\/]api[\\/]progress\.ts$|lib[\\/]offline-store\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              // Icons used by more than one screen (about 3 kB compressed), in one file
              // instead of one tiny file per icon; an icon only one screen uses stays in it.
              name: 'icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // The small pieces most screens share (the ui and media kits, formatting, paging,
              // the features' API hooks), each under 4 kB, in one file (about 12 kB compressed)
              // instead of a dozen files of a few hundred bytes: the show page went from 24
              // script requests to 14. Only these modules, not what they import (a dialog's
              // Radix, zod), so no page takes in a library it does not use (ADR 185).
              name: 'kit',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](?!dialog|toaster)|components[\\/]media[\\/](?!menu-panel)|lib[\\/](format|keep-scroll|paging|show-title|site|welcome|use-load-on-intent)\.ts|app[\\/]routes[\\/]route-id\.ts|features[\\/][^\\/]+[\\/](api|lib)[\\/])/,
              maxModuleSize: 4000,
              includeDependenciesRecursively: false,
              minShareCount: 2,
              priority: 0,
            },
            // The pieces the main screens share, by family, in one file each instead of a file
            // per piece (ADR 189). Only screens import them, so they load with the first screen
            // that needs them, never with the entry; every module a page does not use costs
            // less than the request it saves (on slow 4G the show page's largest paint went from
            // 4.0 to 2.9 s: 19 scripts instead of 10).
            {
              // Show cards and rows: home, search, the show page, calendar, lists.
              name: 'show-cards',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/]carousel|features[\\/]shows[\\/]components[\\/](show-poster-card|dot|poster-parts|hero-skeleton|show-hero-parts|show-kind)|lib[\\/]genre-name|features[\\/]episodes[\\/]components[\\/]episode-title|features[\\/]watch[\\/](hooks[\\/]use-my-services|components[\\/]my-services-toggle))\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // Tracking a show: its status button, marks and plays.
              name: 'tracking',
              test: /apps[\\/]web[\\/]src[\\/](features[\\/]tracking[\\/](api[\\/](watchlist|plays)|components[\\/](watch-status|add-with-status-menu-style|retry-alert)|hooks[\\/]use-complete-offer)|features[\\/]auth[\\/]hooks[\\/]use-require-sign-in)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              // A review's parts and its API: reviews, search, a show's reviews, profiles.
              name: 'review-parts',
              test: /apps[\\/]web[\\/]src[\\/]features[\\/]reviews[\\/](components[\\/](spoiler|stars|author-link)|api[\\/]reviews)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
