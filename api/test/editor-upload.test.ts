import { EDITOR_IMAGE_MAX_BYTES, uploadedImageSchema } from '@incontra/contracts/api/company-management';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { gifSize, imageSize, jpegSize, pngSize, sniffImageType, webpSize } from '../src/company/editor-images/image-header';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { multipartBody } from './helpers/multipart-body';

/* Crafted headers: only the bytes the readers look at, so that any size can be announced. */

function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return header;
}

function gif(width: number, height: number, frame?: { left: number; top: number; width: number; height: number }): Buffer {
  const parts = [Buffer.from('GIF89a', 'latin1'), le16(width), le16(height), Buffer.from([0x80, 0, 0]), Buffer.alloc(6)];
  // A comment extension, to be skipped.
  parts.push(Buffer.from([0x21, 0xfe, 3, 0x61, 0x62, 0x63, 0]));
  if (frame) parts.push(Buffer.from([0x2c]), le16(frame.left), le16(frame.top), le16(frame.width), le16(frame.height), Buffer.from([0, 2, 1, 0, 0]));
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

function jpeg(width: number, height: number, marker = 0xc0): Buffer {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(9)]);
  const sof = Buffer.concat([Buffer.from([0xff, 0xff, 0xff, marker, 0, 17, 8]), be16(height), be16(width), Buffer.alloc(10)]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xc4, 0, 4, 0, 0]), sof, Buffer.from([0xff, 0xda, 0, 2])]);
}

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const data = Buffer.alloc(20);
  if (chunk === 'VP8 ') {
    data.set([0, 0, 0, 0x9d, 0x01, 0x2a]);
    data.writeUInt16LE(width, 6);
    data.writeUInt16LE(height, 8);
  } else if (chunk === 'VP8L') {
    data[0] = 0x2f;
    data.writeUInt32LE((((height - 1) & 0x3fff) << 14) | ((width - 1) & 0x3fff), 1);
  } else {
    data.writeUIntLE(width - 1, 4, 3);
    data.writeUIntLE(height - 1, 7, 3);
  }
  const head = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from(`WEBP${chunk}`, 'latin1'), Buffer.alloc(4)]);
  return Buffer.concat([head, data]);
}

function le16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

function be16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

describe('image headers', () => {
  it('reads the size of each format without decoding', () => {
    expect(pngSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(gifSize(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(jpegSize(jpeg(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(jpegSize(jpeg(800, 600, 0xc2))).toEqual({ width: 800, height: 600 });
    expect(webpSize(webp('VP8 ', 300, 150))).toEqual({ width: 300, height: 150 });
    expect(webpSize(webp('VP8L', 16383, 2))).toEqual({ width: 16383, height: 2 });
    expect(webpSize(webp('VP8X', 100_000, 50_000))).toEqual({ width: 100_000, height: 50_000 });
  });

  it('grows a GIF to hold a frame placed beyond its logical screen', () => {
    expect(gifSize(gif(1, 1, { left: 60_000, top: 10, width: 5_000, height: 60_000 }))).toEqual({ width: 65_000, height: 60_010 });
  });

  it('judges the type by content and refuses what it cannot read', () => {
    expect(sniffImageType(png(1, 1))).toBe('image/png');
    expect(sniffImageType(jpeg(1, 1))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageSize('image/png', png(0, 10))).toBeNull();
    expect(imageSize('image/png', png(10, 10).subarray(0, 20))).toBeNull();
    // A start of scan before any frame header, a DNL-sized frame (height 0).
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(imageSize('image/jpeg', jpeg(10, 0))).toBeNull();
    expect(imageSize('image/gif', gif(10, 10).subarray(0, 12))).toBeNull();
    expect(webpSize(Buffer.concat([webp('VP8 ', 1, 1).subarray(0, 12), Buffer.from('XXXX', 'latin1'), Buffer.alloc(20)]))).toBeNull();
  });
});

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = new TestClient(t.app, 'demo.localhost');
  expect((await admin.login()).statusCode).toBe(200);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function upload(content: Buffer, filename = 'foto.png', contentType = 'image/png', client = admin) {
  const { payload, headers } = multipartBody([{ name: 'image', filename, contentType, content }]);
  return client.post('/api/editor/upload-image', payload, headers);
}

describe('POST /api/editor/upload-image', () => {
  it('stores an image under a random name and serves it as an image only', async () => {
    const image = Buffer.concat([png(64, 32), Buffer.alloc(100)]);
    // The name and declared type lie: the content decides.
    const response = await upload(image, '../../evil.html', 'text/html');
    expect(response.statusCode).toBe(201);
    const { url } = uploadedImageSchema.parse(response.json());
    expect(url).toMatch(/^\/api\/editor\/images\/[0-9a-f]{32}\.png$/);

    const served = await new TestClient(t.app, 'demo.localhost').get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    // The same image under another extension, or names that are not ours, are not found.
    expect((await admin.get(url.replace('.png', '.gif'))).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'ab%2Fcd.png', `${'0'.repeat(32)}.png`, `${'0'.repeat(31)}\u0665.png`, 'A'.repeat(32) + '.png']) {
      expect((await admin.get(`/api/editor/images/${name}`)).statusCode).toBe(404);
    }
  });

  it.each([
    ['gif', gif(10, 10), 'gif'],
    ['jpeg', jpeg(10, 10), 'jpg'],
    ['webp', webp('VP8L', 10, 10), 'webp'],
  ])('accepts a %s', async (_name, content, extension) => {
    const response = await upload(content, 'x.bin', 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(new RegExp(`\\.${extension}$`));
  });

  it('refuses what is no image, whatever its name', async () => {
    const response = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'logo.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ field: 'image', message: IT_COMPANY.image.type });
  });

  it('refuses a pixel flood: a tiny file announcing 100000 × 100000', async () => {
    for (const content of [png(100_000, 100_000), webp('VP8X', 100_000, 100_000), gif(1, 1, { left: 0, top: 0, width: 65_535, height: 65_535 })]) {
      const response = await upload(content);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'image', message: IT_COMPANY.image.tooManyPixels(40) });
    }
  });

  it('refuses a header it cannot read, a file over 5 MB and a form without an image', async () => {
    expect((await upload(png(10, 10).subarray(0, 18))).json()).toMatchObject({ field: 'image', message: IT_COMPANY.image.unreadable });
    const large = await upload(Buffer.concat([png(10, 10), Buffer.alloc(EDITOR_IMAGE_MAX_BYTES)]));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ field: 'image', message: IT_COMPANY.image.tooLarge(5) });
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.png', contentType: 'image/png', content: png(1, 1) }]);
    expect((await admin.post('/api/editor/upload-image', payload, headers)).json()).toMatchObject({ field: 'image', message: IT_COMPANY.image.required });
    expect((await admin.post('/api/editor/upload-image', { image: 'x' })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const operator = new TestClient(t.app, 'demo.localhost');
    expect((await operator.login('operatore')).statusCode).toBe(200);
    expect((await upload(png(1, 1), 'a.png', 'image/png', operator)).statusCode).toBe(403);
  });

  it('takes an uploaded image as the logo', async () => {
    const { url } = uploadedImageSchema.parse((await upload(png(200, 80))).json());
    const companyId = (await admin.get('/api/me')).json().companyId as string;
    const response = await admin.post(`/api/company/${companyId}`, { logo: url });
    expect(response.statusCode).toBe(200);
    expect(response.json().logo).toBe(url);
    expect((await admin.post(`/api/company/${companyId}`, { logo: null })).json().logo).toBeNull();
  });
});
