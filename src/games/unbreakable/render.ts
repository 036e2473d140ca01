// The board picture (docs/RENDERING.md): a seat's or spectator's view in, SVG out. Pure: it
// reads the view and the map data (data/map.json through CONTENT), so another map draws
// without code changes. Hexes are flat-topped, placed from their labels' cube coordinates
// (src/engine/mech/hex.ts fromLabel); a side's secret setup is never drawn.
import type { RenderOptions } from '../../engine/types.js';
import {
  canvas, COLOURS, counter, el, hexBounds, hexCentre, hexGrid, lastMove, legend, panel, ring, route, stack, text,
  type HexLayout, type LegendItem, type XY,
} from '../../render/svg.js';
import { CONTENT } from './content.js';
import type { Owner, Terrain, Unit } from './state.js';
import type { View } from './view.js';

const L: HexLayout = { size: 26, orientation: 'flat', x: 50, y: 90 };
const PANEL_W = 320;
const SIDE_COLOUR: Record<Owner, string> = { blue: '#2e5fa3', yellow: '#b7911f', neutral: '#666666' };
const TERRAIN_FILL: Record<Terrain, string> = {
  clear: '#fbf8f0', road: '#e8e2d2', hill: '#d8c8a0', industry: '#b9b4ab', lake: '#a8c8e8', woods: '#9fc49a',
  crater: '#c9b8a8', lava: '#e07040', rough: '#cfc0a0', volcano: '#a04030',
};
const TYPE_NAME = { crawler: 'Crawler', walker: 'Walker', squad: 'Squad' } as const;

/** A unit as the rules name it: "Blue Walker (b-walker-2)". */
const unitName = (u: Unit) => `${u.side === 'neutral' ? 'Neutral' : u.side[0].toUpperCase() + u.side.slice(1)} ${TYPE_NAME[u.type]} ${u.id}`;
const counterLabel = (u: Unit) => `${u.type[0].toUpperCase()}${/(\d+)$/.exec(u.id)?.[1] ?? ''}`;

export function render(v: View, opts: RenderOptions): string {
  const ids = CONTENT.hexIds.filter((id) => v.map[id]);
  const centre = (id: string): XY => hexCentre(CONTENT.cube[id], L);
  const b = hexBounds(ids.map((id) => CONTENT.cube[id]), L);
  const boardW = b.x1 + 30;
  const sc = CONTENT.scenarios.find((x) => x.id === v.scenario);
  const c = canvas(boardW + PANEL_W, b.y1 + 30, {
    title: `Unbreakable, ${sc?.title ?? v.scenario}${opts.version !== undefined ? `, version ${opts.version}` : ''}`,
    desc: opts.seat === null ? 'Spectator view' : `View of seat ${opts.seat}`,
  });
  const name = (i: number) => opts.seatNames?.[i] ?? `Seat ${i}`;
  const last = lastMove(opts.lastEvents);
  text(c.root, 16, 24, `Unbreakable: ${sc?.title ?? v.scenario}`, { 'font-size': 16, 'font-weight': 'bold' });
  text(c.root, 16, 42, `${v.phase === 'setup' ? 'set-up' : `turn ${v.turn}, Time Stream ${v.ts}`}; action deck ${v.deck.pool.length + v.deck.top.length}`, { 'font-size': 11 });

  hexGrid(c.root, ids.map((id) => ({ hex: CONTENT.cube[id], id, label: id, fill: TERRAIN_FILL[v.map[id].terrain] })), L);
  for (const id of ids) {
    const h = v.map[id];
    if (!h.cloud) continue;
    const [x, y] = centre(id);
    el(c.root, 'circle', { class: 'cloud', cx: x, cy: y, r: L.size * 0.8, fill: '#888888', 'fill-opacity': 0.35 }).ele('title').txt(`${h.cloud.size} cloud`);
  }
  for (const vx of v.vortexes ?? []) { // Chrome §9.1.3: a vortex, its size and facing
    const [x, y] = centre(vx.hex);
    el(c.root, 'circle', { class: 'vortex', cx: x, cy: y, r: L.size * 0.6, fill: '#6a1b9a', 'fill-opacity': 0.5 }).ele('title').txt(`${vx.size} vortex facing ${['N', 'NE', 'SE', 'S', 'SW', 'NW'][vx.facing]}`);
  }
  for (const p of last.paths) route(c.root, p.filter((x): x is string => typeof x === 'string' && !!v.map[x]).map(centre));
  for (const s of last.spaces) if (v.map[s]) ring(c.root, ...centre(s), L.size * 0.85);

  // Objects (satellite, flags) as diamonds, units as counters stacked in their hex.
  const byHex = new Map<string, { unit?: Unit; object?: { id: string; kind: string } }[]>();
  for (const o of Object.values(v.objects).filter((o) => o.at && !o.gone && !o.carriedBy).sort((a, b) => (a.id < b.id ? -1 : 1))) byHex.set(o.at!, [...(byHex.get(o.at!) ?? []), { object: o }]);
  for (const u of Object.values(v.units).filter((u) => u.at && !u.gone).sort((a, b) => (a.id < b.id ? -1 : 1))) byHex.set(u.at!, [...(byHex.get(u.at!) ?? []), { unit: u }]);
  const units = el(c.root, 'g', { class: 'units' });
  for (const [hex, things] of [...byHex.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!v.map[hex]) continue;
    const [x, y] = centre(hex);
    const size = things.length > 1 ? 15 : 22;
    stack(things.length, x, y + 3, size, 2).forEach(([ux, uy], i) => {
      const t = things[i];
      if (t.unit) {
        const u = t.unit;
        counter(units, {
          x: ux, y: uy, size, fill: SIDE_COLOUR[u.side], label: counterLabel(u), unit: u.id, dim: u.status !== 'ready' || u.frozen,
          badge: u.stasis ? String(u.stasis) : undefined, highlight: last.units.has(u.id),
          title: `${unitName(u)}: ${u.status}${u.frozen ? ', frozen' : ''}${u.config !== 'none' ? `, ${u.config}` : ''}${u.carrying ? `, carrying ${u.carrying}` : ''}`,
        });
      } else {
        const o = t.object!;
        const h = size / 2;
        el(units, 'polygon', {
          'data-object': o.id, points: `${ux},${uy - h} ${ux + h},${uy} ${ux},${uy + h} ${ux - h},${uy}`,
          fill: o.kind === 'blueFlag' ? SIDE_COLOUR.blue : o.kind === 'yellowFlag' ? SIDE_COLOUR.yellow : '#ffffff', stroke: COLOURS.ink,
        }).ele('title').txt(o.kind === 'satellite' ? 'Satellite' : o.kind === 'blueFlag' ? 'Blue flag' : 'Yellow flag');
      }
    });
  }

  // Side panel: who plays which side, units off the map, result; legend.
  const px = boardW + 10;
  let y = 24;
  const side = el(c.root, 'g', { class: 'side' });
  for (const s of ['blue', 'yellow'] as const) {
    const seat = v.seatOf[s];
    const mine = Object.values(v.units).filter((u) => u.side === s);
    el(side, 'rect', { x: px, y: y - 11, width: 8, height: 30, fill: SIDE_COLOUR[s] });
    y += panel(side, px + 14, y, [
      `${s === 'blue' ? 'Blue' : 'Yellow'}: ${seat === null ? 'the rules' : name(seat)}${seat !== null && seat === v.viewer ? ' (you)' : ''}`,
      `on the map ${mine.filter((u) => u.at && !u.gone).length}, off ${mine.filter((u) => !u.at && !u.gone).length}, gone ${mine.filter((u) => u.gone).length}`,
    ]) + 6;
  }
  if (v.result) {
    const r = v.result;
    y += panel(side, px, y, ['Result', r.draw ? 'draw' : `won by ${r.winners.map(name).join(' and ')}`, r.reason]) + 4;
  }
  const types = [...new Set(Object.values(v.units).filter((u) => u.at && !u.gone).map((u) => u.type))].sort();
  const items: LegendItem[] = types.map((t) => ({ key: t[0].toUpperCase(), fill: COLOURS.hidden, text: TYPE_NAME[t] }));
  items.push(
    { fill: SIDE_COLOUR.blue, text: 'Blue' }, { fill: SIDE_COLOUR.yellow, text: 'Yellow' },
    ...[...new Set(ids.map((id) => v.map[id].terrain))].sort().map((t) => ({ fill: TERRAIN_FILL[t], text: t })),
    { fill: 'none', stroke: COLOURS.ink, text: 'struck through: not ready or frozen; corner: stasis' },
    { fill: '#ffffff', stroke: COLOURS.ink, text: 'diamond: satellite or flag' },
    { fill: 'none', stroke: COLOURS.highlight, text: 'last move' },
  );
  c.fitHeight(y + 10 + legend(side, px, y + 10, 'Legend', items) + 10);
  return c.end();
}
