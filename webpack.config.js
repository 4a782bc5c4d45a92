// @ts-check
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const KiB = 1024;

/** @param {unknown} _env @param {{ mode?: string }} argv @returns {import('webpack').Configuration} */
module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  const apiTarget = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8080';

  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(__dirname, 'src') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Type errors are caught by `npm run typecheck`; transpileOnly keeps builds fast.
            options: { transpileOnly: true, compilerOptions: { sourceMap: true } },
          },
        },
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: /\.module\.css$/,
                  localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                },
              },
            },
          ],
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL || '/api'),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg', scriptLoading: 'defer' }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[name].[contenthash:10].css',
            }),
            new CompressionPlugin({ algorithm: 'gzip', test: /\.(js|css|html|svg|map)$/, filename: '[path][base].gz', threshold: 0, minRatio: 1 }),
            new CompressionPlugin({
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg|map)$/,
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'vendor-react',
            priority: 40,
          },
          state: {
            test: /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect|redux-thunk|async-mutex|use-sync-external-store)[\\/]/,
            name: 'vendor-state',
            priority: 30,
          },
          router: {
            test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
            name: 'vendor-router',
            priority: 30,
          },
          forms: {
            test: /[\\/]node_modules[\\/](react-hook-form|@hookform|yup|property-expr|tiny-case|toposort)[\\/]/,
            name: 'vendor-forms',
            chunks: 'async',
            priority: 30,
          },
        },
      },
    },
    performance: production
      ? {
          // Budgets (issue "Performance budgets"): checked per entrypoint and per asset on the minified,
          // uncompressed size here; the gzip budgets per route are enforced by scripts/check-budgets.ts.
          hints: 'error',
          maxEntrypointSize: 700 * KiB,
          maxAssetSize: 700 * KiB,
          assetFilter: (file) => /\.(js|css)$/.test(file),
        }
      : false,
    devServer: {
      port: Number(process.env.WEB_PORT || 3000),
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false, errors: true } },
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false, xfwd: true }],
    },
    stats: production ? { preset: 'normal', assetsSort: '!size', excludeAssets: /\.(map|gz|br)$/ } : 'minimal',
  };
};
