import { Matrix4, type PerspectiveCamera, Vector3 } from 'three';
import { type BadgeRequest, layoutBadges, takenBox } from './badges.js';
import { type BadgePlacement, type makeAtlasLayer, type makeBadgeLayer, writeBadges } from './layers.js';
import { type BadgeInstance, withFolded } from './projection.js';

/** A count badge as drawn: what it counts and its box on the page (CSS pixels from the viewport's corner, centre and size). */
export interface ShownBadge {
  readonly key: string;
  readonly kind: BadgeInstance['kind'];
  readonly value: number;
  /** Frontier troops a territory's badge counts after a plus sign (their own badges found no room). */
  readonly folded: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * The count badges on the screen (badges.ts lays them out): laid out again for the camera as it
 * is whenever the scene asks, written into the plates' and characters' layers, and read back as
 * drawn for tests.
 */
export interface BadgeView {
  layout(badges: readonly BadgeInstance[], camera: PerspectiveCamera, view: { readonly width: number; readonly height: number }): void;
  /** Every badge drawn, with the box around it (a frontier's point included): read back from the instance buffers and projected with `screenOf`. */
  drawn(screenOf: (p: Vector3) => { x: number; y: number }): ShownBadge[];
  /** The badges the layout hid (no free place near their anchor, off the screen), by key; a frontier folded into its territory's badge is not hidden. */
  hidden(): string[];
}

export function makeBadgeView(plates: ReturnType<typeof makeBadgeLayer>, labels: ReturnType<typeof makeAtlasLayer>): BadgeView {
  /** The badges drawn, in the order of their instances, and those the layout could not place. */
  let shown: readonly BadgeInstance[] = [];
  let hidden: string[] = [];
  return {
    layout(badges, camera, view) {
      camera.updateMatrixWorld();
      const laid = layoutOnScreen(badges, camera, view);
      shown = laid.badges.filter((_, i) => laid.placed[i]!.shown);
      hidden = laid.badges.filter((_, i) => !laid.placed[i]!.shown).map((b) => b.key);
      writeBadges(plates, labels, laid.badges, laid.placed);
    },
    drawn(screenOf) {
      const m = new Matrix4();
      const anchor = new Vector3();
      return Array.from({ length: plates.mesh.count }, (_, i) => {
        plates.mesh.getMatrixAt(i, m);
        const at = screenOf(anchor.setFromMatrixPosition(m));
        const b = shown[i]!;
        const [px, py] = [plates.points.getX(i), plates.points.getY(i)];
        const taken = takenBox(plates.boxes.getZ(i), plates.boxes.getW(i), px === 0 && py === 0 ? null : { x: px, y: py });
        return { key: b.key, kind: b.kind, value: b.value, folded: b.folded, x: at.x + plates.boxes.getX(i) + taken.dx, y: at.y + plates.boxes.getY(i) + taken.dy, w: taken.w, h: taken.h };
      });
    },
    hidden: () => [...hidden],
  };
}

/** How far a badge may move from its anchor, in hex widths: beyond, it would read as a neighbour's. A frontier's may cross its edge. */
const REACH_HEXES: Readonly<Record<BadgeInstance['kind'], number>> = { territory: 0.3, frontier: 0.45, wild: 0.4 };

/**
 * The badges as the screen shows them now: laid out (placeBadges); frontiers that found no room
 * fold into their territory's badge ("▲3+2"), which grows, and the layout runs again, until every
 * frontier on the screen shows one way or the other (a few rounds at most; then the rest stay hidden).
 */
function layoutOnScreen(badges: readonly BadgeInstance[], camera: PerspectiveCamera, view: { width: number; height: number }): { badges: readonly BadgeInstance[]; placed: readonly BadgePlacement[] } {
  const screen = projectAnchors(badges, camera, view);
  const unplaced = new Set<string>();
  let current = badges;
  let placed = placeBadges(current, screen);
  for (let round = 0; round < FOLD_ROUNDS; round++) {
    const more = current.filter((b, i) => b.kind === 'frontier' && placed[i]!.onScreen && !placed[i]!.shown).map((b) => b.key);
    if (more.length === 0) break;
    for (const key of more) unplaced.add(key);
    const sums = new Map<string, number>();
    for (const b of badges) if (unplaced.has(b.key)) sums.set(territoryOf(b.key), (sums.get(territoryOf(b.key)) ?? 0) + b.value);
    current = badges.filter((b) => !unplaced.has(b.key)).map((b) => withFolded(b, sums.get(b.key) ?? 0));
    placed = placeBadges(current, screen);
  }
  return { badges: current, placed };
}

const FOLD_ROUNDS = 4;
const territoryOf = (stack: string): string => stack.split('/')[0]!;

/** A badge's anchor on the screen (CSS pixels from the canvas's corner), the width a hex shows there, a frontier's direction on the screen. */
interface OnScreen {
  readonly anchor: { readonly x: number; readonly y: number; readonly visible: boolean };
  readonly hexPx: number;
  readonly point: { readonly x: number; readonly y: number } | null;
}

/** Projects every badge's anchor once a layout (the folding rounds only change widths). */
function projectAnchors(badges: readonly BadgeInstance[], camera: PerspectiveCamera, view: { width: number; height: number }): Map<string, OnScreen> {
  const v = new Vector3();
  const toScreen = (x: number, y: number, z: number): { x: number; y: number; visible: boolean } => {
    v.set(x, y, z).project(camera);
    return { x: ((v.x + 1) / 2) * view.width, y: ((1 - v.y) / 2) * view.height, visible: v.z < 1 && Math.abs(v.x) <= 1.05 && Math.abs(v.y) <= 1.05 };
  };
  return new Map(
    badges.map((b) => {
      const anchor = toScreen(b.x, b.y, b.z);
      const unit = toScreen(b.x + 1, b.y, b.z);
      const hexPx = Math.hypot(unit.x - anchor.x, unit.y - anchor.y) * Math.sqrt(3);
      const ahead = b.toward ? toScreen(b.x + b.toward.x, b.y, b.z + b.toward.z) : null;
      const len = ahead ? Math.hypot(ahead.x - anchor.x, ahead.y - anchor.y) || 1 : 1;
      return [b.key, { anchor, hexPx, point: ahead ? { x: (ahead.x - anchor.x) / len, y: (ahead.y - anchor.y) / len } : null }];
    }),
  );
}

/**
 * The layout's requests: each badge at its anchor, with its reach from the size a hex shows
 * there; a frontier's tag points along its direction on the screen, and moves that way first.
 * A badge whose anchor is off the screen or behind the camera takes no room and shows nowhere.
 */
function placeBadges(badges: readonly BadgeInstance[], screen: ReadonlyMap<string, OnScreen>): (BadgePlacement & { onScreen: boolean })[] {
  const items = badges.map((b) => {
    const at = screen.get(b.key)!;
    return { ...at, taken: takenBox(b.width, b.height, at.point), kind: b.kind };
  });
  const requests: BadgeRequest[] = items.map(({ anchor, hexPx, point, taken, kind }) =>
    anchor.visible
      ? { x: anchor.x + taken.dx, y: anchor.y + taken.dy, w: taken.w, h: taken.h, reach: REACH_HEXES[kind] * hexPx, ...(point ? { toward: point } : {}) }
      : { x: -1e6, y: -1e6, w: 0, h: 0, reach: 0 },
  );
  return layoutBadges(requests).map((p, i) => {
    const { anchor, point, taken } = items[i]!;
    return { shown: p.shown && anchor.visible, onScreen: anchor.visible, dx: p.x - taken.dx - anchor.x, dy: p.y - taken.dy - anchor.y, ...(point ? { point } : {}) };
  });
}
