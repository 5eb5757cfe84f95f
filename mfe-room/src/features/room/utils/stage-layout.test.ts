import { LAYOUT } from '@incontra/contracts/constants';
import { AUDIO_ONLY, fitGrid, layoutStage, type Rect, type StageInput, type StageTileKind } from './stage-layout';

/*
 * The issue's range of sizes, from a 360×640 phone to a full-HD screen,
 * turned into the stage the room view leaves for the tiles: the viewport less the header, the
 * control bar (two rows of it on phones, to be safe) and the stage's padding; on wide screens
 * also with the chat panel open beside it.
 */
const VIEWPORTS = [
  [360, 640],
  [375, 667],
  [390, 844],
  [414, 896],
  [768, 1024],
  [1024, 768],
  [1280, 720],
  [1280, 800],
  [1366, 768],
  [1440, 900],
  [1920, 1080],
] as const;
/** Phones held sideways: below the issue's range; everyone stays inside the stage, however small. */
const LANDSCAPE_PHONES = [
  [640, 360],
  [740, 360],
] as const;
const PHONE_BELOW = 640;
const CHAT_PANEL_PX = 340;

function stagesOf(width: number, height: number): Array<{ label: string; size: { width: number; height: number } }> {
  const phone = width < PHONE_BELOW;
  const padding = phone ? 4 : 12;
  const controls = phone ? 2 * LAYOUT.roomFooterPx : LAYOUT.roomFooterPx;
  const size = { width: width - 2 * padding, height: height - LAYOUT.roomHeaderPx - controls - 2 * padding };
  const stages = [{ label: `${width}×${height}`, size }];
  if (!phone) stages.push({ label: `${width}×${height} with the chat open`, size: { ...size, width: size.width - CHAT_PANEL_PX } });
  return stages;
}

/** Each participant: camera on or off, sharing a screen or not. Me first. */
interface Person {
  camera: boolean;
  screen: boolean;
}

/** The room view's input for these people: my tile always, screens, others' cameras; the others without a camera apart. */
function inputOf(size: StageInput['size'], people: Person[]): StageInput {
  const others = people.slice(1);
  const tiles: StageTileKind[] = ['camera'];
  for (const person of people) if (person.screen) tiles.push('screen');
  for (const person of others) if (person.camera) tiles.push('camera');
  return { size, tiles, audioOnly: others.filter((person) => !person.camera).length };
}

/** Every combination of 2–4 people, each camera on or off, with no screen share or one. */
function rooms(): Array<{ label: string; people: Person[] }> {
  const found: Array<{ label: string; people: Person[] }> = [];
  for (let count = 2; count <= 4; count += 1) {
    for (let cameras = 0; cameras < 1 << count; cameras += 1) {
      for (let sharer = -1; sharer < count; sharer += 1) {
        const people = Array.from({ length: count }, (_, index) => ({ camera: (cameras & (1 << index)) !== 0, screen: index === sharer }));
        const label = `${count} people, cameras ${people.map((person) => (person.camera ? 'on' : 'off')).join('/')}, ${sharer < 0 ? 'no share' : `share by #${sharer}`}`;
        found.push({ label, people });
      }
    }
  }
  return found;
}

const inside = (rect: Rect, area: { width: number; height: number }) =>
  rect.x >= -0.5 && rect.y >= -0.5 && rect.x + rect.width <= area.width + 0.5 && rect.y + rect.height <= area.height + 0.5;
const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

function problemsOf(input: StageInput, { minimumSizes = true } = {}): string[] {
  const layout = layoutStage(input);
  const problems: string[] = [];
  if (layout.tiles.length !== input.tiles.length) problems.push(`${layout.tiles.length} tiles for ${input.tiles.length}`);
  const boxes = layout.tiles.map((rect, index) => ({ name: `${input.tiles[index]} #${index}`, rect }));
  if (input.audioOnly > 0) {
    if (!layout.audioOnly) problems.push('no audio-only list');
    else {
      boxes.push({ name: 'audio-only list', rect: layout.audioOnly.rect });
      const rows = Math.ceil(input.audioOnly / layout.audioOnly.columns);
      const needed = 2 * AUDIO_ONLY.paddingPx + AUDIO_ONLY.titlePx + rows * AUDIO_ONLY.rowPx + (rows - 1) * AUDIO_ONLY.gapPx;
      if (layout.audioOnly.rect.height + 0.5 < needed) problems.push(`audio-only list ${layout.audioOnly.rect.height} px high for ${needed}`);
      if (layout.audioOnly.rect.width / layout.audioOnly.columns < 120) problems.push('audio-only entries narrower than 120 px');
    }
  } else if (layout.audioOnly) problems.push('an empty audio-only list');
  for (const { name, rect } of boxes) {
    if (!inside(rect, input.size)) problems.push(`${name} outside the stage: ${JSON.stringify(rect)}`);
  }
  const sized = minimumSizes ? layout.tiles : [];
  for (const [index, { name, rect }] of sized.map((rect, index) => ({ name: input.tiles[index], rect })).entries()) {
    // Small enough for four people on a phone, large enough to recognise a face and read a name.
    const minimum = name === 'screen' ? { width: 160, height: 90 } : { width: 96, height: 54 };
    if (rect.width < minimum.width || rect.height < minimum.height)
      problems.push(`${name} #${index} too small: ${Math.round(rect.width)}×${Math.round(rect.height)}`);
  }
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => overlap(a.rect, b.rect) && problems.push(`${a.name} overlaps ${b.name}`)));
  return problems;
}

describe('the stage layout', () => {
  const cases = VIEWPORTS.flatMap(([width, height]) => stagesOf(width, height));

  it.each(cases)('places everyone inside the stage, apart and big enough, at $label', ({ size }) => {
    const failures = rooms().flatMap((room) => problemsOf(inputOf(size, room.people)).map((problem) => `${room.label}: ${problem}`));
    expect(failures).toEqual([]);
  });

  it.each(LANDSCAPE_PHONES.flatMap(([width, height]) => stagesOf(width, height)))('keeps everyone inside the stage and apart at $label', ({ size }) => {
    const failures = rooms().flatMap((room) => problemsOf(inputOf(size, room.people), { minimumSizes: false }).map((problem) => `${room.label}: ${problem}`));
    expect(failures).toEqual([]);
  });

  it('answers the reported case: two people at 1280×800, the visitor without camera, is listed on screen beside my tile', () => {
    const { size } = stagesOf(1280, 800)[0]!;
    const layout = layoutStage({ size, tiles: ['camera'], audioOnly: 1 });
    const mine = layout.tiles[0]!;
    const list = layout.audioOnly!.rect;
    expect(list.y + list.height).toBeLessThanOrEqual(size.height);
    expect(mine.y + mine.height).toBeLessThanOrEqual(list.y);
    // Not a full-screen self-view: my own picture leaves room for the others.
    expect(mine.height).toBeLessThan(size.height);
  });

  it('keeps the spec order in the plain grid: me first, then the others, in reading order', () => {
    const layout = layoutStage({ size: { width: 1256, height: 661 }, tiles: ['camera', 'camera', 'camera', 'camera'], audioOnly: 0 });
    const order = layout.tiles.map((rect) => rect.y * 10_000 + rect.x);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('gives a screen share the main area and the cameras a strip beside it on wide screens, below it on phones', () => {
    const wide = layoutStage({ size: { width: 1256, height: 661 }, tiles: ['camera', 'screen', 'camera'], audioOnly: 0 });
    const [mine, screen, other] = wide.tiles;
    expect(screen!.width * screen!.height).toBeGreaterThan(4 * mine!.width * mine!.height);
    expect(mine!.x).toBeGreaterThanOrEqual(screen!.x + screen!.width);
    expect(other!.y).toBeGreaterThan(mine!.y);

    const phone = layoutStage({ size: { width: 352, height: 517 }, tiles: ['camera', 'screen', 'camera'], audioOnly: 0 });
    expect(phone.tiles[0]!.y).toBeGreaterThanOrEqual(phone.tiles[1]!.y + phone.tiles[1]!.height);
  });

  it('moves the audio-only list beside the videos when the stage is too short for it below', () => {
    const layout = layoutStage({ size: { width: 732, height: 160 }, tiles: ['camera'], audioOnly: 2 });
    expect(layout.audioOnly!.rect.x).toBeGreaterThan(layout.tiles[0]!.x + layout.tiles[0]!.width);
  });

  it('lays nothing out of a stage not yet measured, without NaN', () => {
    const layout = layoutStage({ size: { width: 0, height: 0 }, tiles: ['camera', 'screen'], audioOnly: 1 });
    expect(layout.tiles.flatMap((rect) => Object.values(rect)).every(Number.isFinite)).toBe(true);
    expect(fitGrid({ x: 0, y: 0, width: 0, height: 0 }, 3).every((rect) => rect.width === 0)).toBe(true);
  });
});
