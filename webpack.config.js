// @ts-check
const net = require('node:net');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const zlib = require('node:zlib');
const { InjectManifest } = require('workbox-webpack-plugin');

const KiB = 1024;

/**
 * Writes build-stats/chunk-groups.json: for the entry and every named lazy chunk group (webpackChunkName), the JS and
 * CSS files it needs. scripts/routeSizes.ts sums them per route of the route table (`npm run build` fails over
 * budget), scripts/prerender.ts links them into the pages it writes, and the bench reads them.
 */
class ChunkGroupManifestPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('ChunkGroupManifestPlugin', (stats) => {
      const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, chunkGroupAuxiliary: false });
      /** @type {Record<string, string[]>} */
      const groups = {};
      for (const [name, group] of Object.entries({ ...json.namedChunkGroups, ...json.entrypoints })) {
        groups[name] = (group.assets || []).map((a) => a.name).filter((f) => /\.(js|css)$/.test(f));
      }
      const out = path.resolve(__dirname, 'build-stats');
      require('node:fs').mkdirSync(out, { recursive: true });
      require('node:fs').writeFileSync(path.join(out, 'chunk-groups.json'), JSON.stringify(groups, null, 2));
    });
  }
}

/**
 * "localhost" resolves to ::1 before 127.0.0.1 on some systems: the dev server (bound to 127.0.0.1) also accepts
 * connections on [::1] at the same port, handing them to the same HTTP server (pages, proxy, live-reload socket).
 * Where IPv6 is off, 127.0.0.1 alone is used.
 * @param {import('webpack-dev-server')} devServer
 */
function alsoListenOnIpv6Loopback(devServer) {
  const server = devServer.server;
  const address = server?.address();
  if (!server || !address || typeof address !== 'object') return;
  const ipv6 = net.createServer((socket) => server.emit('connection', socket));
  ipv6.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
    devServer.logger.info(`Not listening on [::1]:${address.port} (${error.code}); http://127.0.0.1:${address.port} works`);
  });
  ipv6.listen(address.port, '::1');
  server.on('close', () => ipv6.close());
}

/** Module resolution shared by the browser build and the pre-render build. @param {boolean} production */
function resolveFor(production) {
  return {
    extensions: ['.tsx', '.ts', '.js'],
    alias: {
      '@': path.resolve(__dirname, 'src'),
      // The API contract: the SPA imports its types (erased) and the plain constants of statuses.ts.
      '@contract': path.resolve(__dirname, 'server/src/contract'),
      // The shop's own documents (content/legal/*.md), made HTML by MARKDOWN_RULE.
      '@content': path.resolve(__dirname, 'content'),
      // react-router's package exports resolve to its development build for every bundler condition;
      // production bundles use its production build (no dev warnings, smaller).
      ...(production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {}),
    },
  };
}

const TYPESCRIPT_RULE = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'ts-loader',
    // Type errors are caught by `npm run typecheck`; transpileOnly keeps builds fast.
    options: { transpileOnly: true, compilerOptions: { sourceMap: true } },
  },
};

/**
 * The repository's Markdown documents (content/legal/*.md) become HTML here, at build time: the module is
 * { title, lastUpdated, lastUpdatedIso, html } (scripts/markdown/document.js), so no Markdown parser reaches the browser.
 */
const MARKDOWN_RULE = { test: /\.md$/, include: path.resolve(__dirname, 'content'), use: path.resolve(__dirname, 'scripts/markdown/loader.js') };

/**
 * CSS Modules options: the pre-render build must name every class exactly as the browser build does.
 * @param {boolean} production
 */
function cssModulesFor(production) {
  return {
    auto: /\.module\.css$/,
    localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
    namedExport: false,
    exportLocalsConvention: /** @type {const} */ ('as-is'),
  };
}

/**
 * Values the code reads from process.env, fixed at build time. ROUTE_META keeps the route table's build facts (its
 * chunks and budgets) in the Node bundle the build scripts read, and out of the browser's.
 * @param {boolean} production @param {boolean} [forBuildScripts]
 */
function definesFor(production, forBuildScripts = false) {
  return new webpack.DefinePlugin({
    'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL || '/api'),
    'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
    'process.env.ROUTE_META': JSON.stringify(forBuildScripts),
  });
}

/**
 * The pre-render build: src/app/prerender.tsx for Node, in one file (lazy pages inlined), CSS Modules as class
 * names only. scripts/prerender.ts runs it after the browser build to write the public pages' HTML.
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig() {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node20',
    entry: { render: './src/app/prerender.tsx' },
    output: { path: path.resolve(__dirname, 'build-stats', 'prerender'), library: { type: 'commonjs2' }, clean: true },
    devtool: false,
    resolve: resolveFor(true),
    module: {
      rules: [
        TYPESCRIPT_RULE,
        MARKDOWN_RULE,
        { test: /\.css$/, use: [{ loader: 'css-loader', options: { modules: { ...cssModulesFor(true), exportOnlyLocals: true } } }] },
        // The same file names as the browser build (only the names are used: nothing is emitted).
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource', generator: { emit: false, filename: 'assets/[name].[contenthash:10][ext]', publicPath: '/' } },
      ],
    },
    plugins: [definesFor(true, true), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: false,
    stats: 'errors-warnings',
  };
}

/**
 * `webpack --mode production` builds the browser app and the pre-render bundle; the dev server builds the
 * browser app alone.
 * @param {unknown} _env @param {{ mode?: string }} argv
 * @returns {import('webpack').Configuration | import('webpack').Configuration[]}
 */
module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return production ? [browserConfig(true), prerenderConfig()] : browserConfig(false);
};

/** @param {boolean} production @returns {import('webpack').Configuration} */
function browserConfig(production) {
  const apiTarget = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8080';

  return {
    name: 'browser',
    mode: production ? 'production' : 'development',
    // Evergreen browsers only: webpack's own runtime may use modern syntax.
    target: ['web', 'es2020'],
    entry: {
      main: './src/main.tsx',
      // A pre-rendered page's one script (src/app/boot.ts): it starts main's files after the first paint. No
      // runtime and no imports, so it is a single small file; index.html does not load it.
      ...(production ? { boot: { import: './src/app/boot.ts', runtime: false } } : {}),
    },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      // Lazy chunks by content hash alone: the runtime every page loads maps each chunk to its file, and names would
      // add bytes per chunk to it (the names stay in build-stats/chunk-groups.json and the build's report). Seven hex
      // digits (28 bits) tell ~100 files apart with a collision chance near one in 50,000 per build, and a collision
      // cannot ship: webpack fails a build whose two assets share a file name. Each entry of that map costs bytes on
      // every page: with issue 16's chunks it had grown /login past its budget (twelve digits to eight), with the
      // inventory's (its sections, dialogs, job parts) again (eight to seven, 65 bytes gzip).
      chunkFilename: production ? 'assets/[contenthash:7].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Every chunk file starts by pushing itself onto this global; webpack's default (`webpackChunkcarcare`, twice
      // per file) costs ~15 bytes gzip in each of the dozen files a page loads.
      chunkLoadingGlobal: '__cc',
      clean: true,
    },
    // Production source maps hold the sources: they are written beside each asset (for scripts/check-budgets.ts and
    // the bench) but no file points to them, and `npm run serve` does not serve them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: resolveFor(production),
    module: {
      rules: [
        TYPESCRIPT_RULE,
        MARKDOWN_RULE,
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: cssModulesFor(production),
              },
            },
          ],
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      definesFor(production),
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg', scriptLoading: 'defer', chunks: ['main'] }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              // CSS Modules are scoped per component, so the order two chunks import them in cannot change a rule.
              ignoreOrder: true,
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[contenthash:7].css',
            }),
            new ChunkGroupManifestPlugin(),
            // The service worker (src/serviceWorker/sw.ts) as dist/sw.js, served at /sw.js, with the list of every JS
            // and CSS file, index.html and the favicon to precache (~510 KiB gzip, fetched once per device and then
            // only what a new build changed: README "Service worker"). scripts/prerender.ts adds the pre-rendered
            // pages it writes afterwards. The dev server builds none.
            new InjectManifest({
              swSrc: './src/serviceWorker/sw.ts',
              swDest: 'sw.js',
              // Every JS and CSS file: the signed-in pages' chunks too, so a phone without signal still opens them.
              exclude: [/\.map$/, /\.(gz|br)$/, /\.LICENSE\.txt$/],
              // Content-hashed: their URL is their revision.
              dontCacheBustURLsMatching: /^\/assets\//,
            }),
            new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg)$/, filename: '[path][base].gz', threshold: 0, minRatio: 1 }),
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg)$/,
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: [
        // webpack's default JS minifier (terser), with more compression passes and modern output.
        new MinimizerPlugin({
          extractComments: false,
          minimizerOptions: { ecma: 2020, module: true, compress: { passes: 3 }, format: { comments: false } },
        }),
        '...',
      ],
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        // Pages are siblings in webpack's eyes even though the store layout always loads first: share every
        // module two lazy chunks need instead of copying it into both (the default 20 kB floor copies).
        minSize: 10_000,
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'vendor-react',
            priority: 40,
          },
          state: {
            test: /[\\/]node_modules[\\/](@reduxjs|@standard-schema|redux|react-redux|redux-persist|immer|reselect|redux-thunk|async-mutex|use-sync-external-store)[\\/]/,
            name: 'vendor-state',
            chunks: 'async',
            priority: 30,
          },
          router: {
            test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            name: 'vendor-router',
            priority: 30,
          },
          forms: {
            test: /[\\/]node_modules[\\/]react-hook-form[\\/]/,
            name: 'vendor-forms',
            chunks: 'async',
            priority: 30,
          },
          // Application code every signed-in page needs (store, the design card's five slices, API layer): one
          // chunk, loaded with the store layout, instead of copies in each page's chunk. A slice a domain injects
          // when its pages load (inventory's) and the hooks only some pages use stay with those pages.
          appCore: {
            test: /[\\/]src[\\/](api[\\/](?!(url|errors|useRowAction|useServerForm|paging)\.ts)|store[\\/](?!clientState)|lib[\\/](safeRedirect|dateKey|sessionTokens)\.ts|app[\\/](store|listeners|appStore)\.ts|features[\\/][^\\/]+[\\/]((auth|services|timeLogs|appointments|booking)Slice|authApi|authThunks|tokenStorage|sessionUser)\.ts)/,
            name: 'app-core',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          // What the public pages (landing, tracking) share with the signed-in ones — where the API is, its error
          // messages, the session's storage keys — in one small chunk: in app-core it made the public pages download
          // the store's code; left to the defaults it was copied into every chunk that uses it.
          publicCore: {
            test: /[\\/]src[\\/](api[\\/](url|errors)|lib[\\/]sessionStorageKeys)\.ts$/,
            name: 'public-core',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          // Apart from the forms: the login page fetches validation on demand (src/lib/lazyResolver.ts).
          validation: {
            test: /[\\/]node_modules[\\/](@hookform|yup|property-expr|tiny-case|toposort)[\\/]/,
            name: 'vendor-validation',
            chunks: 'async',
            priority: 30,
          },
        },
      },
    },
    performance: production
      ? {
          // Uncompressed guards: no single asset above 240 KiB (react-dom is the largest, ~214 KiB) and an entry
          // (what every page loads first) under 360 KiB. The per-route gzip budgets are scripts/check-budgets.ts's.
          hints: 'error',
          maxEntrypointSize: 360 * KiB,
          maxAssetSize: 240 * KiB,
          assetFilter: (file) => /\.(js|css)$/.test(file),
        }
      : false,
    // http://localhost:3000 and http://127.0.0.1:3000 both work, live reload included: the server listens on both
    // loopback addresses (never the network), accepts both host names, and the page's live-reload socket goes to
    // the host the page was loaded from (a socket to the other name would be refused as cross-origin).
    devServer: {
      port: Number(process.env.WEB_PORT || 3000),
      host: '127.0.0.1',
      onListening: alsoListenOnIpv6Loopback,
      allowedHosts: ['localhost', '127.0.0.1'],
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false, errors: true }, webSocketURL: 'auto://0.0.0.0:0/ws' },
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false, xfwd: true }],
    },
    stats: production ? { preset: 'normal', assetsSort: '!size', excludeAssets: /\.(map|gz|br)$/ } : 'minimal',
  };
}
