// Shared drawing pieces for board pictures (docs/RENDERING.md). Every game's render.ts builds
// its SVG from these, through xmlbuilder2: names, titles and labels go in as text nodes or
// attribute values, which the builder escapes, never by string concatenation. Pure and
// deterministic: no clock, no randomness, numbers rounded to hundredths, so the same view
// gives the same bytes.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export type Node = XMLBuilder;
export type XY = [number, number];
type Attrs = Record<string, string | number>;

/** Seat / faction colours, then the fixed colours of every picture. */
export const COLOURS = {
  seats: ['#b03a2e', '#2e5fa3', '#b7791f', '#2f7d4a', '#6c3f99', '#1f7a7a', '#8c5a2b', '#555555'],
  ink: '#222222',
  paper: '#fbf8f0',
  grid: '#9c9484',
  faint: '#d9d3c4',
  highlight: '#f0b400',
  hidden: '#777777',
};

export const FONT = 'DejaVu Sans, Verdana, sans-serif';

/** Rounded to hundredths, so float noise never reaches the bytes. */
export const r2 = (n: number): number => Math.round(n * 100) / 100;

function clean(a: Attrs): Attrs {
  const out: Attrs = {};
  for (const [k, v] of Object.entries(a)) out[k] = typeof v === 'number' ? r2(v) : v;
  return out;
}

export function el(parent: Node, name: string, attrs: Attrs = {}): Node {
  return parent.ele(name, clean(attrs));
}

/** A text node (escaped by the builder); `title` adds a tooltip with the full wording. */
export function text(parent: Node, x: number, y: number, s: string, attrs: Attrs = {}): Node {
  const t = el(parent, 'text', { x, y, ...attrs });
  t.txt(s);
  return t;
}

export function tooltip(parent: Node, s: string): void {
  parent.ele('title').txt(s);
}

export interface Canvas {
  root: Node;
  width: number;
  height: number;
  /** Grows the picture to at least this height (content drawn past the first estimate). */
  fitHeight(h: number): void;
  /** The SVG document as a string (UTF-8, no pretty-printing). */
  end(): string;
}

/** An SVG document of the given size: title, description, background, default font. */
export function canvas(width: number, height: number, o: { title: string; desc?: string }): Canvas {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = el(doc as unknown as Node, 'svg', {
    xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${r2(width)} ${r2(height)}`,
    'font-family': FONT, 'font-size': 12, fill: COLOURS.ink,
  });
  root.ele('title').txt(o.title);
  if (o.desc) root.ele('desc').txt(o.desc);
  const bg = el(root, 'rect', { x: 0, y: 0, width, height, fill: COLOURS.paper });
  const c: Canvas = {
    root, width, height,
    fitHeight(h: number) {
      if (h <= c.height) return;
      c.height = Math.ceil(h);
      root.att('height', String(c.height)).att('viewBox', `0 0 ${r2(width)} ${c.height}`);
      bg.att('height', String(c.height));
    },
    end: () => doc.end({ prettyPrint: false }),
  };
  return c;
}

// ---------- square grids ----------

export interface SquareGrid {
  cols: number;
  rows: number;
  cell: number;
  /** Top-left corner of cell (0, 0). */
  x: number;
  y: number;
}

export const cellCentre = (g: SquareGrid, c: XY): XY => [g.x + (c[0] + 0.5) * g.cell, g.y + (c[1] + 0.5) * g.cell];

/** A grid of square cells with coordinates along the top and left edges. */
export function squareGrid(parent: Node, g: SquareGrid, o: { fill?: (c: XY) => string | undefined; coords?: boolean } = {}): Node {
  const grp = el(parent, 'g', { class: 'grid', stroke: COLOURS.grid, 'stroke-width': 0.6 });
  for (let y = 0; y < g.rows; y++) {
    for (let x = 0; x < g.cols; x++) {
      el(grp, 'rect', { x: g.x + x * g.cell, y: g.y + y * g.cell, width: g.cell, height: g.cell, fill: o.fill?.([x, y]) ?? 'none' });
    }
  }
  if (o.coords !== false) {
    const lab = el(parent, 'g', { class: 'coords', 'font-size': 9, fill: COLOURS.grid, 'text-anchor': 'middle' });
    for (let x = 0; x < g.cols; x++) text(lab, g.x + (x + 0.5) * g.cell, g.y - 4, String(x));
    for (let y = 0; y < g.rows; y++) text(lab, g.x - 8, g.y + (y + 0.62) * g.cell, String(y));
  }
  return grp;
}

// ---------- hex grids ----------

/** Cube coordinates as plain JSON (s = -q - r). */
export interface Cube { q: number; r: number }
export type OffsetKind = 'odd-q' | 'even-q' | 'odd-r' | 'even-r';

export interface HexLayout {
  /** Centre to corner. */
  size: number;
  orientation: 'flat' | 'pointy';
  /** Pixel position of hex (0, 0)'s centre. */
  x: number;
  y: number;
}

/** Offset (column, row) to cube, for the four usual offset layouts (redblobgames' names). */
export function offsetToCube(col: number, row: number, kind: OffsetKind): Cube {
  switch (kind) {
    case 'odd-q': return { q: col, r: row - (col - (col & 1)) / 2 };
    case 'even-q': return { q: col, r: row - (col + (col & 1)) / 2 };
    case 'odd-r': return { q: col - (row - (row & 1)) / 2, r: row };
    case 'even-r': return { q: col - (row + (row & 1)) / 2, r: row };
  }
}

export function hexCentre(h: Cube, L: HexLayout): XY {
  const s3 = Math.sqrt(3);
  if (L.orientation === 'flat') return [r2(L.x + L.size * 1.5 * h.q), r2(L.y + L.size * (s3 / 2 * h.q + s3 * h.r))];
  return [r2(L.x + L.size * (s3 * h.q + s3 / 2 * h.r)), r2(L.y + L.size * 1.5 * h.r)];
}

export function hexCorners(h: Cube, L: HexLayout): XY[] {
  const [cx, cy] = hexCentre(h, L);
  const start = L.orientation === 'flat' ? 0 : 30;
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return [r2(cx + L.size * Math.cos(a)), r2(cy + L.size * Math.sin(a))] as XY;
  });
}

/** The pixel box holding every given hex (to size a canvas). */
export function hexBounds(hexes: Cube[], L: HexLayout): { x0: number; y0: number; x1: number; y1: number } {
  const pts = hexes.flatMap((h) => hexCorners(h, L));
  return {
    x0: Math.min(...pts.map((p) => p[0])), y0: Math.min(...pts.map((p) => p[1])),
    x1: Math.max(...pts.map((p) => p[0])), y1: Math.max(...pts.map((p) => p[1])),
  };
}

export interface HexCell { hex: Cube; fill?: string; label?: string; id?: string }

/** Hexes with an optional fill and a small label (the map's hex number) near the top. */
export function hexGrid(parent: Node, cells: HexCell[], L: HexLayout): Node {
  const grp = el(parent, 'g', { class: 'hexes', stroke: COLOURS.grid, 'stroke-width': 0.8 });
  for (const c of cells) {
    const pts = hexCorners(c.hex, L).map(([x, y]) => `${x},${y}`).join(' ');
    const poly = el(grp, 'polygon', { points: pts, fill: c.fill ?? 'none', ...(c.id ? { 'data-hex': c.id } : {}) });
    if (c.label) tooltip(poly, c.label);
  }
  const lab = el(parent, 'g', { class: 'hex-labels', 'font-size': Math.max(7, L.size / 4), fill: COLOURS.grid, 'text-anchor': 'middle' });
  for (const c of cells) {
    if (!c.label) continue;
    const [x, y] = hexCentre(c.hex, L);
    text(lab, x, y - L.size * 0.55, c.label);
  }
  return grp;
}

// ---------- spaces and links (point-to-point maps) ----------

/**
 * A deterministic layered layout of a graph with no coordinates: column = distance from
 * `sources` (unreached nodes after), row = order in the column by the mean row of earlier
 * neighbours, ties by id. Returns [column, row] per node; rows are centred per column.
 */
export function layeredLayout(ids: string[], edges: [string, string][], sources: string[]): Record<string, XY> {
  const adj = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [a, b] of edges) {
    if (!adj.has(a) || !adj.has(b)) continue;
    adj.get(a)!.push(b);
    adj.get(b)!.push(a);
  }
  const depth = new Map<string, number>();
  let frontier = [...new Set(sources.filter((s) => adj.has(s)))].sort();
  if (!frontier.length && ids.length) frontier = [[...ids].sort()[0]];
  for (const s of frontier) depth.set(s, 0);
  while (frontier.length) {
    const next: string[] = [];
    for (const n of frontier) for (const m of adj.get(n)!) if (!depth.has(m)) { depth.set(m, depth.get(n)! + 1); next.push(m); }
    frontier = [...new Set(next)].sort();
  }
  const maxD = Math.max(0, ...depth.values());
  for (const id of [...ids].sort()) if (!depth.has(id)) depth.set(id, maxD + 1);
  const cols = new Map<number, string[]>();
  for (const id of [...ids].sort()) cols.set(depth.get(id)!, [...(cols.get(depth.get(id)!) ?? []), id]);
  const row = new Map<string, number>();
  const out: Record<string, XY> = {};
  const tallest = Math.max(1, ...[...cols.values()].map((c) => c.length));
  for (const d of [...cols.keys()].sort((a, b) => a - b)) {
    const col = cols.get(d)!;
    const key = (id: string) => {
      const prev = adj.get(id)!.filter((m) => row.has(m) && depth.get(m)! < d).map((m) => row.get(m)!);
      return prev.length ? prev.reduce((a, b) => a + b, 0) / prev.length : Number.MAX_SAFE_INTEGER;
    };
    const keyed = col.map((id) => ({ id, k: key(id) }));
    keyed.sort((a, b) => a.k - b.k || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const offset = (tallest - keyed.length) / 2;
    keyed.forEach(({ id }, i) => {
      row.set(id, i + offset);
      out[id] = [d, i + offset];
    });
  }
  return out;
}

export interface SpaceNode {
  id: string;
  x: number;
  y: number;
  r: number;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** Drawn inside the space near its top; the id when absent. */
  label?: string;
  /** Small notes under the label (cover, points ...). */
  notes?: string[];
  tooltip?: string;
}

export interface Link { a: string; b: string; dashed?: boolean; stroke?: string; width?: number; label?: string }

/** Links first (under), then the spaces as circles with their label and notes. */
export function spacesAndLinks(parent: Node, nodes: SpaceNode[], links: Link[]): Node {
  const at = new Map(nodes.map((n) => [n.id, n]));
  const lg = el(parent, 'g', { class: 'links', stroke: COLOURS.grid, 'stroke-width': 2, fill: 'none' });
  for (const l of links) {
    const a = at.get(l.a);
    const b = at.get(l.b);
    if (!a || !b) continue;
    const line = el(lg, 'line', {
      x1: a.x, y1: a.y, x2: b.x, y2: b.y,
      ...(l.stroke ? { stroke: l.stroke } : {}), ...(l.width ? { 'stroke-width': l.width } : {}), ...(l.dashed ? { 'stroke-dasharray': '6 4' } : {}),
    });
    if (l.label) {
      tooltip(line, l.label);
      text(parent, (a.x + b.x) / 2, (a.y + b.y) / 2 - 3, l.label, { 'font-size': 9, 'text-anchor': 'middle', fill: COLOURS.ink });
    }
  }
  const sg = el(parent, 'g', { class: 'spaces' });
  for (const n of nodes) {
    const g = el(sg, 'g', { 'data-space': n.id });
    el(g, 'circle', { cx: n.x, cy: n.y, r: n.r, fill: n.fill ?? '#ffffff', stroke: n.stroke ?? COLOURS.grid, 'stroke-width': n.strokeWidth ?? 1.5 });
    if (n.tooltip) tooltip(g, n.tooltip);
    text(g, n.x, n.y - n.r + 13, n.label ?? n.id, { 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold' });
    (n.notes ?? []).forEach((s, i) => text(g, n.x, n.y + n.r - 6 - 10 * ((n.notes?.length ?? 1) - 1 - i), s, { 'text-anchor': 'middle', 'font-size': 8.5 }));
  }
  return sg;
}

// ---------- unit counters ----------

export interface CounterOpts {
  x: number;
  y: number;
  size: number;
  fill: string;
  /** The short label on the counter (see `abbreviate`); its meaning goes in the legend. */
  label: string;
  /** The unit's id: `data-unit` (leak tests read it). */
  unit?: string;
  /** Full name, as a tooltip. */
  title?: string;
  /** A small number or letter in the corner (crystals, steps). */
  badge?: string;
  /** Drawn greyed and struck through (suppressed, spent ...). */
  dim?: boolean;
  highlight?: boolean;
}

/** A square counter centred on (x, y). */
export function counter(parent: Node, o: CounterOpts): Node {
  const g = el(parent, 'g', { class: 'counter', ...(o.unit ? { 'data-unit': o.unit } : {}) });
  if (o.title) tooltip(g, o.title);
  const h = o.size / 2;
  if (o.highlight) el(g, 'rect', { x: o.x - h - 3, y: o.y - h - 3, width: o.size + 6, height: o.size + 6, rx: 4, fill: 'none', stroke: COLOURS.highlight, 'stroke-width': 3 });
  el(g, 'rect', { x: o.x - h, y: o.y - h, width: o.size, height: o.size, rx: 3, fill: o.fill, stroke: COLOURS.ink, 'stroke-width': 1, ...(o.dim ? { 'fill-opacity': 0.45 } : {}) });
  text(g, o.x, o.y + Math.min(4, o.size / 6), o.label, { 'text-anchor': 'middle', 'font-size': Math.max(6, Math.min(11, (o.size * 1.7) / Math.max(2, o.label.length))), 'font-weight': 'bold', fill: '#ffffff' });
  if (o.dim) el(g, 'line', { x1: o.x - h, y1: o.y + h, x2: o.x + h, y2: o.y - h, stroke: COLOURS.ink, 'stroke-width': 1.5 });
  if (o.badge) {
    el(g, 'circle', { cx: o.x + h, cy: o.y - h, r: 6, fill: '#ffffff', stroke: COLOURS.ink, 'stroke-width': 0.8 });
    text(g, o.x + h, o.y - h + 3, o.badge, { 'text-anchor': 'middle', 'font-size': 8 });
  }
  return g;
}

/** Centres for n counters of `size` stacked around (x, y): rows of up to `perRow`. */
export function stack(n: number, x: number, y: number, size: number, perRow = 3): XY[] {
  const gap = size + 3;
  const rows = Math.ceil(n / perRow);
  return Array.from({ length: n }, (_, i) => {
    const rowN = Math.min(perRow, n - Math.floor(i / perRow) * perRow);
    const cx = x + ((i % perRow) - (rowN - 1) / 2) * gap;
    const cy = y + (Math.floor(i / perRow) - (rows - 1) / 2) * gap;
    return [r2(cx), r2(cy)] as XY;
  });
}

/**
 * Short, unique counter labels for full names ("Squad Leader" -> "SL", "Nailgunner" -> "Na"):
 * initials of the words, else the first letters; a number is added when two still clash.
 */
export function abbreviate(names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const name of [...new Set(names)].sort()) {
    const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
    const base = words.length > 1 ? words.map((w) => w[0].toUpperCase()).join('').slice(0, 3) : (words[0] ?? '?').slice(0, 2);
    let label = base;
    for (let i = 2; used.has(label); i++) label = `${base}${i}`;
    used.add(label);
    out.set(name, label);
  }
  return out;
}

// ---------- legends and panels ----------

export interface LegendItem {
  /** A counter swatch with this label, else a plain colour swatch. */
  key?: string;
  fill?: string;
  stroke?: string;
  text: string;
}

/** A titled list of swatches and wordings; returns its height. */
export function legend(parent: Node, x: number, y: number, title: string, items: LegendItem[]): number {
  const g = el(parent, 'g', { class: 'legend' });
  text(g, x, y, title, { 'font-weight': 'bold' });
  items.forEach((it, i) => {
    const cy = y + 18 + i * 18;
    if (it.key !== undefined) counter(g, { x: x + 8, y: cy - 4, size: 17, fill: it.fill ?? COLOURS.hidden, label: it.key });
    else el(g, 'rect', { x: x + 1, y: cy - 11, width: 14, height: 14, fill: it.fill ?? 'none', stroke: it.stroke ?? COLOURS.ink, 'stroke-width': 1 });
    text(g, x + 22, cy, it.text, { 'font-size': 11 });
  });
  return 18 + items.length * 18;
}

/** Lines of text, the first in bold; returns the height used. */
export function panel(parent: Node, x: number, y: number, lines: string[], attrs: Attrs = {}): number {
  const g = el(parent, 'g', { class: 'panel', ...attrs });
  lines.forEach((s, i) => text(g, x, y + i * 16, s, i === 0 ? { 'font-weight': 'bold' } : { 'font-size': 11 }));
  return lines.length * 16;
}

// ---------- the last move ----------

export interface LastMove {
  /** Ids under `unit`, `units`, `target`, `attacker` keys. */
  units: Set<string>;
  /** Positions under `at`, `to`, `from`, `space`, `spaces`, `path` keys: strings (space ids) ... */
  spaces: Set<string>;
  /** ... or [x, y] cells. */
  cells: XY[];
  /** Each `path` as given (string spaces or cells), to draw the route. */
  paths: (string | XY)[][];
}

const UNIT_KEYS = new Set(['unit', 'units', 'target', 'attacker', 'targets']);
const PLACE_KEYS = new Set(['at', 'to', 'from', 'space', 'spaces', 'path', 'into']);
const isXY = (x: unknown): x is XY => Array.isArray(x) && x.length === 2 && x.every((n) => Number.isInteger(n));

/**
 * What the last entry's events (as the viewer received them) name: units and places to
 * highlight. Generic over the games' event data by key name; a game may add its own.
 */
export function lastMove(events: readonly { type: string; data: unknown }[] | undefined): LastMove {
  const out: LastMove = { units: new Set(), spaces: new Set(), cells: [], paths: [] };
  const place = (v: unknown) => {
    if (typeof v === 'string') out.spaces.add(v);
    else if (isXY(v)) out.cells.push(v);
    else if (Array.isArray(v)) v.forEach(place);
  };
  const walk = (x: unknown, depth: number) => {
    if (depth > 4 || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) { x.forEach((y) => walk(y, depth + 1)); return; }
    for (const [k, v] of Object.entries(x)) {
      if (UNIT_KEYS.has(k)) {
        for (const u of Array.isArray(v) ? v : [v]) if (typeof u === 'string') out.units.add(u);
      } else if (PLACE_KEYS.has(k)) {
        place(v);
        if (k === 'path' && Array.isArray(v) && v.length > 1) out.paths.push(v as (string | XY)[]);
      } else walk(v, depth + 1);
    }
  };
  for (const e of events ?? []) walk(e.data, 0);
  return out;
}

/** A highlight ring around a point (a space or cell of the last move). */
export function ring(parent: Node, x: number, y: number, r: number): Node {
  return el(parent, 'circle', { class: 'last-move', cx: x, cy: y, r, fill: 'none', stroke: COLOURS.highlight, 'stroke-width': 3.5, 'stroke-opacity': 0.9 });
}

/** A route through points (the last move's path). */
export function route(parent: Node, pts: XY[]): Node {
  return el(parent, 'polyline', {
    class: 'last-move', points: pts.map(([x, y]) => `${r2(x)},${r2(y)}`).join(' '), fill: 'none',
    stroke: COLOURS.highlight, 'stroke-width': 4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'stroke-opacity': 0.8,
  });
}
