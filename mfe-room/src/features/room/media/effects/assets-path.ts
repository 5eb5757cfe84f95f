// webpack replaces this with the folder the room remote's own files are served from: `/mfe/room/`
// under the shell, the dev server's root when the remote runs standalone.
declare const __webpack_public_path__: string | undefined;

/** Folder of the remote's build output, with a trailing slash ('/' outside webpack, in tests). */
export function remotePublicPath(): string {
  const publicPath = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== '' ? __webpack_public_path__ : '/';
  return publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
}

/**
 * Where the background processors' models, WebAssembly and workers are served: copied from
 * @twilio/video-processors into the remote's build (see mfe-room/webpack.config.js), never fetched
 * from a CDN.
 */
export function processorAssetsPath(): string {
  return `${remotePublicPath()}processors/`;
}
