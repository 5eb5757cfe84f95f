/** Loads and decodes an image (bundled URL or an upload's object URL) before a processor uses it. */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // The remote may be served from another origin (dev servers): without CORS the processor's
    // canvas would be tainted by the image.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Background image not loaded: ${url}`));
    image.src = url;
  });
}
