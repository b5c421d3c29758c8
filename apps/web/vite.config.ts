import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The dev server proxies /api to a locally started API (see docs/web.md); the build lands in apps/web/dist
// with relative asset paths so the server can mount it anywhere.
const apiTarget = 'http://127.0.0.1:18080';

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the calling process exports: the e2e runner
  // exports NODE_ENV=test, which would otherwise bundle the development code of React and antd.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: './',
    plugins: [
      react(),
      // Brotli and gzip copies next to every text asset, made once here: the server sends the one the
      // browser accepts (@fastify/static preCompressed) instead of compressing per request or not at all.
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
        threshold: 1024,
      }),
    ],
    define: {
      // Changes with every build; used to drop a cached language table written by an older build.
      __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 800,
      // dist/.vite/manifest.json lets the bench compute the JavaScript each route loads.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Loaded by every route: the React runtime, the router and i18n.
              {
                name: 'vendor-react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 3,
              },
              {
                name: 'vendor-i18n',
                test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
                priority: 2,
              },
              { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            ],
          },
        },
      },
    },
  };
});
