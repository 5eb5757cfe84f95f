/*
 * Where every participant goes on the room's stage (the space between the header and the control
 * bar), decided from the stage's measured size alone, so that it can be tested at every size: the
 * video tiles in the spec's order (me, screen shares, the others with video) and the audio-only
 * list apart. Everything returned lies inside the stage; nothing overlaps; nothing scrolls.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

export type StageTileKind = 'camera' | 'screen';

export interface StageInput {
  size: Size;
  /** The video tiles in the spec's order. */
  tiles: readonly StageTileKind[];
  /** How many participants are listed as audio-only. */
  audioOnly: number;
}

export interface AudioOnlyLayout {
  rect: Rect;
  /** The entries' grid inside the list (rows of AUDIO_ONLY.rowPx). */
  columns: number;
}

export interface StageLayout {
  /** One rectangle per input tile, in the same order. */
  tiles: Rect[];
  audioOnly: AudioOnlyLayout | null;
}

export const STAGE_GAP = 8;

/** The audio-only list's box model; the list component draws itself with the same numbers. */
export const AUDIO_ONLY = { paddingPx: 8, titlePx: 20, rowPx: 48, gapPx: 6, minColumnPx: 200, sideMaxPx: 280 } as const;

/** Camera pictures are cropped to fill their tile, never beyond these shapes (width / height). */
const CAMERA_ASPECT = { min: 4 / 5, max: 16 / 9 } as const;
/** A screen is shown whole (letterboxed): its tile may take any shape its cell offers. */
const SCREEN_ASPECT = { min: 0, max: Number.POSITIVE_INFINITY } as const;

type Aspect = { min: number; max: number };

/** How much larger the smallest video must get for the audio-only list to move beside the videos. */
const BESIDE_ADVANTAGE = 1.5;

const nonNegative = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** The largest tile of an allowed shape inside a cell. */
function fitShape(cell: Size, aspect: Aspect): Size {
  let { width, height } = cell;
  if (height > 0 && width / height > aspect.max) width = height * aspect.max;
  if (height > 0 && width / height < aspect.min) height = width / aspect.min;
  return { width, height };
}

/**
 * `count` equal tiles in the grid (columns × rows) that makes them largest in `area`, centred,
 * a short last row centred too.
 */
export function fitGrid(area: Rect, count: number, aspect: Aspect = CAMERA_ASPECT): Rect[] {
  if (count <= 0) return [];
  let best: { columns: number; rows: number; tile: Size } | null = null;
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    const cell = {
      width: nonNegative((area.width - (columns - 1) * STAGE_GAP) / columns),
      height: nonNegative((area.height - (rows - 1) * STAGE_GAP) / rows),
    };
    const tile = fitShape(cell, aspect);
    if (!best || tile.width * tile.height > best.tile.width * best.tile.height + 0.5) best = { columns, rows, tile };
  }
  const { columns, rows, tile } = best!;
  const usedHeight = rows * tile.height + (rows - 1) * STAGE_GAP;
  const top = area.y + nonNegative((area.height - usedHeight) / 2);
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const usedWidth = inRow * tile.width + (inRow - 1) * STAGE_GAP;
    const left = area.x + nonNegative((area.width - usedWidth) / 2);
    return { x: left + (index % columns) * (tile.width + STAGE_GAP), y: top + row * (tile.height + STAGE_GAP), width: tile.width, height: tile.height };
  });
}

/** The strip's share of the stage tried for the cameras beside a screen share. */
const STRIP_SHARES = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6] as const;
/** A screen share should get at least this many times the area of a camera tile. */
const SCREEN_WEIGHT = 6;
/** For scoring only: what a typical shared screen (16:9) fills of its letterboxed tile. */
const SHARED_SCREEN_SHAPE = { min: 16 / 9, max: 16 / 9 } as const;

const areaOf = (size: Size) => size.width * size.height;

/** The main area and the strip for a split of `area`: the strip at the right or at the bottom. */
function split(area: Rect, share: number, stripAt: 'right' | 'bottom'): { main: Rect; strip: Rect } {
  if (stripAt === 'right') {
    const width = area.width * share;
    const main = { ...area, width: nonNegative(area.width - width - STAGE_GAP) };
    return { main, strip: { ...area, x: area.x + main.width + STAGE_GAP, width } };
  }
  const height = area.height * share;
  const main = { ...area, height: nonNegative(area.height - height - STAGE_GAP) };
  return { main, strip: { ...area, y: area.y + main.height + STAGE_GAP, height } };
}

/**
 * With a screen share, the screens take the main area and the cameras a strip beside or below
 * it, so that a shared document stays readable: the split that keeps the smallest camera largest
 * while each screen keeps SCREEN_WEIGHT times a camera's area.
 */
function featuredLayout(area: Rect, tiles: readonly StageTileKind[]): Rect[] {
  const screens = tiles.flatMap((kind, index) => (kind === 'screen' ? [index] : []));
  const cameras = tiles.flatMap((kind, index) => (kind === 'camera' ? [index] : []));
  let best: { score: number; screens: Rect[]; cameras: Rect[] } | null = null;
  for (const stripAt of ['right', 'bottom'] as const) {
    for (const share of STRIP_SHARES) {
      const { main, strip } = split(area, share, stripAt);
      const screenRects = fitGrid(main, screens.length, SCREEN_ASPECT);
      const cameraRects = fitGrid(strip, cameras.length);
      const screenArea = Math.min(...screenRects.map((rect) => areaOf(fitShape(rect, SHARED_SCREEN_SHAPE))));
      const cameraArea = Math.min(...cameraRects.map(areaOf));
      const score = Math.min(screenArea / SCREEN_WEIGHT, cameraArea);
      if (!best || score > best.score + 0.5) best = { score, screens: screenRects, cameras: cameraRects };
    }
  }
  const rects: Rect[] = new Array<Rect>(tiles.length);
  best!.screens.forEach((rect, index) => (rects[screens[index]!] = rect));
  best!.cameras.forEach((rect, index) => (rects[cameras[index]!] = rect));
  return rects;
}

function videoLayout(area: Rect, tiles: readonly StageTileKind[]): Rect[] {
  const hasScreen = tiles.includes('screen');
  if (hasScreen && tiles.some((kind) => kind === 'camera')) return featuredLayout(area, tiles);
  return fitGrid(area, tiles.length, hasScreen ? SCREEN_ASPECT : CAMERA_ASPECT);
}

function audioOnlyHeight(count: number, columns: number): number {
  const rows = Math.ceil(count / columns);
  return 2 * AUDIO_ONLY.paddingPx + AUDIO_ONLY.titlePx + rows * AUDIO_ONLY.rowPx + (rows - 1) * AUDIO_ONLY.gapPx;
}

interface Candidate {
  layout: StageLayout;
  /** The smallest video tile's area: the layout that keeps it largest wins. */
  score: number;
}

function candidate(tiles: Rect[], audioOnly: AudioOnlyLayout | null): Candidate {
  const smallest = tiles.reduce((least, rect) => Math.min(least, rect.width * rect.height), Number.POSITIVE_INFINITY);
  return { layout: { tiles, audioOnly }, score: tiles.length === 0 ? 0 : smallest };
}

/** The audio-only list below the videos, as wide as the stage. */
function listBelow(input: StageInput, full: Rect): Candidate | null {
  const columns = Math.max(1, Math.min(input.audioOnly, Math.floor((full.width + AUDIO_ONLY.gapPx) / (AUDIO_ONLY.minColumnPx + AUDIO_ONLY.gapPx))));
  const height = audioOnlyHeight(input.audioOnly, columns);
  if (height > full.height) return null;
  const videos: Rect = { ...full, height: nonNegative(full.height - height - STAGE_GAP) };
  const rect: Rect = { x: full.x, y: full.y + full.height - height, width: full.width, height };
  return candidate(videoLayout(videos, input.tiles), { rect, columns });
}

/** The audio-only list in a column at the right (landscape phones, short windows). */
function listBeside(input: StageInput, full: Rect): Candidate | null {
  const height = audioOnlyHeight(input.audioOnly, 1);
  const width = Math.min(AUDIO_ONLY.sideMaxPx, full.width * 0.4);
  if (height > full.height || width < 120) return null;
  const videos: Rect = { ...full, width: nonNegative(full.width - width - STAGE_GAP) };
  const rect: Rect = { x: full.x + full.width - width, y: full.y, width, height };
  return candidate(videoLayout(videos, input.tiles), { rect, columns: 1 });
}

export function layoutStage(input: StageInput): StageLayout {
  const full: Rect = { x: 0, y: 0, width: nonNegative(input.size.width), height: nonNegative(input.size.height) };
  if (input.audioOnly <= 0) return { tiles: videoLayout(full, input.tiles), audioOnly: null };
  const below = listBelow(input, full);
  const beside = listBeside(input, full);
  if (!below && !beside) {
    // A stage too small for anything (not yet measured): the list gets it all, the videos nothing.
    return { tiles: input.tiles.map(() => ({ x: 0, y: 0, width: 0, height: 0 })), audioOnly: { rect: full, columns: 1 } };
  }
  // Below the videos reads best; beside them only when that is clearly better (short stages).
  if (below && (!beside || below.score * BESIDE_ADVANTAGE >= beside.score)) return below.layout;
  return (beside ?? below)!.layout;
}
