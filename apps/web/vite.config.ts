import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, precompress, pruneAntdStyles, routePreloadManifest } from './build-plugins.ts';

// `npm run dev`: the server listens on PORT and HOST, read as apps/server/src/config.ts reads them
// (8080; 127.0.0.1 with demo data, every address without; the web app never imports the server).
// Either default is reached as localhost.
const host = process.env.HOST?.trim() || '0.0.0.0';
const hostName = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
const serverUrl = `http://${hostName}:${process.env.PORT?.trim() || 8080}`;

export default defineConfig({
  // pruneAntdStyles: antd's stylesheet without the components the console never renders;
  // routePreloadManifest: the page asks for its route's chunks before the main chunk runs;
  // precompress: .br and .gz beside every text file, sent as they are by the server.
  plugins: [react(), pruneAntdStyles(), routePreloadManifest(), precompress()],
  // Relative asset URLs let the server mount the built app at any path.
  base: './',
  server: {
    // What the page asks the server for: the API (file links included) and, in the ad slot tags
    // it shows to copy, the delivery paths (/serve/tag.js and what the tag calls).
    proxy: { '/api/': serverUrl, '/serve/': serverUrl },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Fewer chunks: the entry's and the icons' modules each in one (see chunkGroups).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(new URL('./src', import.meta.url).pathname) } } },
  },
});
