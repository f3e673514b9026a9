import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, precompress, pruneAntdStyles, routePreloadManifest } from './build-plugins';

export default defineConfig({
  // pruneAntdStyles: antd's stylesheet without the components the console never renders;
  // routePreloadManifest: the page asks for its route's chunks before the main chunk runs;
  // precompress: .br and .gz beside every text file, sent as they are by the server.
  plugins: [react(), pruneAntdStyles(), routePreloadManifest(), precompress()],
  // Relative asset URLs let the server mount the built app at any path.
  base: './',
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Fewer chunks: the entry's and the icons' modules each in one (see chunkGroups).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(new URL('./src', import.meta.url).pathname) } } },
  },
});
