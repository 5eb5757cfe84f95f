import fs from 'node:fs';
import path from 'node:path';
import { processorAssetsPath, remotePublicPath } from './assets-path';
import { bundledBackgroundImages, isBackgroundUpload } from './background-images';

const globals = globalThis as { __webpack_public_path__?: string };

afterEach(() => {
  delete globals.__webpack_public_path__;
});

describe('remote asset URLs', () => {
  it('follow the public path the remote was loaded from', () => {
    globals.__webpack_public_path__ = 'https://demo.example/mfe/room/';

    expect(processorAssetsPath()).toBe('https://demo.example/mfe/room/processors/');
    expect(bundledBackgroundImages().map((image) => image.url)).toEqual([
      'https://demo.example/mfe/room/backgrounds/studio.png',
      'https://demo.example/mfe/room/backgrounds/sunset.png',
      'https://demo.example/mfe/room/backgrounds/sea.png',
    ]);
  });

  it('add the trailing slash a public path may lack, and fall back to the root outside webpack', () => {
    globals.__webpack_public_path__ = '/mfe/room';
    expect(remotePublicPath()).toBe('/mfe/room/');
    delete globals.__webpack_public_path__;
    expect(processorAssetsPath()).toBe('/processors/');
  });
});

describe('bundled backgrounds', () => {
  it('exist in public/backgrounds with Italian labels', () => {
    const dir = path.join(__dirname, '../../../../../public/backgrounds');
    for (const image of bundledBackgroundImages()) {
      expect(fs.existsSync(path.join(dir, path.basename(image.url)))).toBe(true);
    }
    expect(bundledBackgroundImages().map((image) => image.label)).toEqual(['Studio', 'Tramonto', 'Mare']);
  });

  it('accept the image types every browser decodes as uploads', () => {
    expect(isBackgroundUpload({ type: 'image/jpeg' })).toBe(true);
    expect(isBackgroundUpload({ type: 'image/svg+xml' })).toBe(false);
    expect(isBackgroundUpload({ type: 'application/pdf' })).toBe(false);
  });
});
