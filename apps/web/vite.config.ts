import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000', '/websocket': { target: 'ws://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // the home charts' library in two chunks of its own, each under the 150 KB budget (bench/RESULTS.md); the
        // gantt library (manufacturing's and projects' gantt share it) in one named chunk with a cap of its own
        manualChunks: (id: string) =>
          /node_modules\/echarts\/lib\/(chart|component|coord|label|layout|visual|processor|animation)\//.test(id)
            ? 'echarts-parts'
            : /node_modules\/(echarts|zrender)\//.test(id)
              ? 'echarts'
              : /node_modules\/@visactor\//.test(id)
                ? 'gantt-lib'
                : undefined,
      },
    },
  },
});
