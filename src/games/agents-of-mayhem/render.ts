// The board picture (docs/RENDERING.md): a seat's or spectator's view in, SVG out. Pure: it
// reads the view and the mission's compiled map (data/tiles.json, missions.json through
// CONTENT), so another mission draws without code changes. A square grid seen from above: a
// cell's shade is its highest level (building floors darker), its number the level; units
// stand on their cell; a drawn Refresh card the viewer may not see stays '?'.
import type { RenderOptions } from '../../engine/types.js';
import {
  abbreviate, canvas, cellCentre, COLOURS, counter, el, lastMove, legend, panel, ring, squareGrid, stack, text,
  type LegendItem, type SquareGrid, type XY,
} from '../../render/svg.js';
import { CONTENT, destroyedMap, type Side } from './content.js';
import { isLarge, type S, type Unit } from './state.js';
import { DDDS } from './rules/ddd.js';
import { tileOf } from './rules/vehicles.js';
import { rampsOf } from './rules/vehicle-movement.js';
import type { View } from './view.js';

const CELL = 40;
const PANEL_W = 330;
const SIDE_COLOUR: Record<Side, string> = { MAYHEM: '#6c3f99', LEGION: '#2f7d4a' };
/** Drones (traffic) have no Side. */
const DRONE_COLOUR = '#b7950b';
const SIDE_NAME: Record<Side, string> = { MAYHEM: 'MAYHEM', LEGION: 'LEGION' };
const LEVEL_FILL = ['#fbf8f0', '#fbf8f0', '#e4ddcc', '#cfc5ae', '#b9ad92', '#a39676'];

/** A figure as the game names it: the Ally's, the minion's or the Agent's / squad's name. */
function unitName(u: Unit): string {
  if (u.ally) return CONTENT.allies[u.ally]?.name ?? u.ally;
  if (u.minion) return CONTENT.minions[u.minion]?.name ?? u.minion;
  return CONTENT.elites[u.board]?.name ?? CONTENT.squads[u.board]?.name ?? u.board;
}

export function render(v: View, opts: RenderOptions): string {
  const mission = CONTENT.missions[v.mission];
  // The map as it stands: collapsed Levels gone, Destroyed tiles laid (spec 7.6.3).
  const map = destroyedMap(v.mission, mission.compiled, v.collapsed ?? {});
  const g: SquareGrid = { cols: map.width, rows: map.height, cell: CELL, x: 34, y: 70 };
  const boardW = g.x + g.cols * CELL + 20;
  const c = canvas(boardW + PANEL_W, g.y + g.rows * CELL + 30, {
    title: `Agents of Mayhem, ${mission.title}${opts.version !== undefined ? `, version ${opts.version}` : ''}`,
    desc: opts.seat === null ? 'Spectator view' : `View of seat ${opts.seat}`,
  });
  const name = (i: number) => opts.seatNames?.[i] ?? `Seat ${i}`;
  const last = lastMove(opts.lastEvents);
  text(c.root, 16, 24, `Agents of Mayhem: ${mission.title}`, { 'font-size': 16, 'font-weight': 'bold' });
  text(c.root, 16, 42, `Round ${v.round}, ${v.phase}; ${SIDE_NAME[v.side]} to act`, { 'font-size': 11 });

  // The highest level of each (x, y), as shade and number.
  const top = new Map<string, number>();
  for (const cell of Object.values(map.cells)) top.set(`${cell.x},${cell.y}`, Math.max(top.get(`${cell.x},${cell.y}`) ?? 0, cell.z));
  squareGrid(c.root, g, { fill: ([x, y]) => (top.has(`${x},${y}`) ? LEVEL_FILL[Math.min(5, top.get(`${x},${y}`)!)] : '#9c9484') });
  const levels = el(c.root, 'g', { class: 'levels', 'font-size': 8, fill: COLOURS.grid });
  for (const [k, z] of [...top.entries()].sort()) {
    if (z <= 1) continue;
    const [x, y] = k.split(',').map(Number);
    text(levels, g.x + x * CELL + 3, g.y + y * CELL + 10, `L${z}`);
  }
  const xyOf = (key: string): XY | null => (map.cells[key] ? [map.cells[key].x, map.cells[key].y] : null);
  for (const s of last.spaces) { const p = xyOf(s); if (p) ring(c.root, ...cellCentre(g, p), CELL * 0.5); }

  // Road lanes of a mission with traffic: an arrow in each lane space, the way drones drive (spec 7.16.4).
  if (v.traffic) {
    const lg = el(c.root, 'g', { class: 'lanes', 'font-size': 14, 'text-anchor': 'middle', fill: DRONE_COLOUR });
    const ARROW = { N: '\u2191', E: '\u2192', S: '\u2193', W: '\u2190' } as const;
    const drawn = new Set<string>(); // a space on two lanes (past a junction) shows its arrow once
    for (const [i, lane] of map.lanes.entries()) for (const [j, k] of lane.cells.entries()) {
      const p = xyOf(k);
      if (!p || drawn.has(k)) continue;
      drawn.add(k);
      el(lg, 'text', { 'data-lane': i, x: g.x + p[0] * CELL + CELL / 2, y: g.y + p[1] * CELL + CELL - 4, opacity: 0.45 }).txt(ARROW[lane.dirs[j]]);
    }
  }
  // Destroyed tiles (rubble) and Explosion markers: face down '?' (nobody knows which), face up with their Building Damage.
  const rubble = Object.values(map.cells).filter((cell) => cell.destroyed && top.get(`${cell.x},${cell.y}`) === cell.z);
  if (rubble.length) {
    const r = el(c.root, 'g', { class: 'destroyed' });
    for (const cell of rubble.sort((a, b) => (a.key < b.key ? -1 : 1))) {
      el(r, 'rect', { x: g.x + cell.x * CELL + 2, y: g.y + cell.y * CELL + 2, width: CELL - 4, height: CELL - 4, fill: 'none', stroke: '#8a6d3b', 'stroke-dasharray': '3 3' })
        .ele('title').txt(`Destroyed tile, Level ${cell.z}`);
    }
  }
  // Doomsday Devices: their footprint outlined, name, Wounds and controller in the title.
  const ddds = (v.ddds ?? []).filter((d) => !d.destroyed);
  if (ddds.length) {
    const dg = el(c.root, 'g', { class: 'ddds', 'font-size': 8 });
    for (const d of ddds) {
      const ps = d.at.map(xyOf).filter((p): p is XY => !!p);
      if (!ps.length) continue;
      const x0 = Math.min(...ps.map((p) => p[0])); const y0 = Math.min(...ps.map((p) => p[1]));
      const x1 = Math.max(...ps.map((p) => p[0])); const y1 = Math.max(...ps.map((p) => p[1]));
      const def = DDDS[d.id];
      el(dg, 'rect', { 'data-ddd': d.id, x: g.x + x0 * CELL + 3, y: g.y + y0 * CELL + 3, width: (x1 - x0 + 1) * CELL - 6, height: (y1 - y0 + 1) * CELL - 6, fill: 'none', stroke: SIDE_COLOUR[d.hacked ?? 'LEGION'], 'stroke-width': 2, 'stroke-dasharray': '6 2' })
        .ele('title').txt(`${def.name} (Doomsday Device)${def.health !== null ? `, ${d.wounds} of ${def.health} Wounds` : ''}${d.hacked ? `, hacked by ${d.hacked}` : ''}`);
      text(dg, g.x + x0 * CELL + 6, g.y + (y1 + 1) * CELL - 6, def.name.split(' ')[0]);
    }
  }
  // Large Units (the Golem): their 2×2 footprint outlined in the Side's colour; the counter stands on the north-west space.
  for (const u of Object.values(v.units).filter((x) => x.at && !x.downed && isLarge(x)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const p = xyOf(u.at!);
    if (p) el(c.root, 'rect', { 'data-large': u.id, x: g.x + p[0] * CELL + 2, y: g.y + p[1] * CELL + 2, width: 2 * CELL - 4, height: 2 * CELL - 4, fill: 'none', stroke: SIDE_COLOUR[u.side], 'stroke-width': 2.5 });
  }
  // Ramp counters (mission setup, L2114): a triangle pointing the arrow's way.
  const ramps = rampsOf(v as unknown as S);
  if (ramps.length) {
    const rg = el(c.root, 'g', { class: 'ramps' });
    for (const r of ramps) {
      const p = xyOf(r.at);
      if (!p) continue;
      const [cx, cy] = cellCentre(g, p);
      const tip = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }[r.dir];
      const side = [-tip[1], tip[0]];
      const pts = [[cx + tip[0] * 12, cy + tip[1] * 12], [cx - tip[0] * 8 + side[0] * 9, cy - tip[1] * 8 + side[1] * 9], [cx - tip[0] * 8 - side[0] * 9, cy - tip[1] * 8 - side[1] * 9]];
      el(rg, 'polygon', { 'data-ramp': r.at, points: pts.map((q) => q.join(',')).join(' '), fill: 'none', stroke: '#8a6d3b', 'stroke-width': 1.5 })
        .ele('title').txt(`Ramp counter, arrow ${r.dir} (a vehicle leaving it that way may Jump)`);
    }
  }
  // Vehicles: a solid frame round both halves in its Side's colour, an arrow-like 'F' on the front half.
  const vehicles = (v.vehicles ?? []).filter((x) => !x.destroyed);
  if (vehicles.length) {
    const vg = el(c.root, 'g', { class: 'vehicles', 'font-size': 8 });
    for (const x of vehicles) {
      const ps = [x.front, x.back].map(xyOf).filter((p): p is XY => !!p);
      if (ps.length < 2) continue;
      const x0 = Math.min(...ps.map((p) => p[0])); const y0 = Math.min(...ps.map((p) => p[1]));
      const x1 = Math.max(...ps.map((p) => p[0])); const y1 = Math.max(...ps.map((p) => p[1]));
      const def = tileOf(x.id);
      el(vg, 'rect', { 'data-vehicle': x.id, x: g.x + x0 * CELL + 1, y: g.y + y0 * CELL + 1, width: (x1 - x0 + 1) * CELL - 2, height: (y1 - y0 + 1) * CELL - 2, fill: 'none', stroke: x.side ? SIDE_COLOUR[x.side] : DRONE_COLOUR, 'stroke-width': 2, rx: 4, ...(x.side ? {} : { 'stroke-dasharray': '4 2' }) })
        .ele('title').txt(`${def.name} (${x.side ? 'vehicle' : 'drone'}, facing ${x.facing}), ${x.wounds} of ${def.strength} Wounds`);
      text(vg, g.x + ps[0][0] * CELL + 4, g.y + ps[0][1] * CELL + 9, 'F');
    }
  }
  const blasts = v.explosions?.placed ?? [];
  if (blasts.length) {
    const bl = el(c.root, 'g', { class: 'explosions', 'font-size': 9, 'text-anchor': 'middle' });
    for (const mk of blasts) {
      const p = xyOf(mk.at);
      if (!p) continue;
      const x = g.x + p[0] * CELL + CELL - 9; const yy = g.y + p[1] * CELL + 9;
      el(bl, 'circle', { 'data-explosion': mk.n, cx: x, cy: yy, r: 7, fill: mk.faceUp ? '#c0392b' : '#555' })
        .ele('title').txt(mk.faceUp ? `Explosion marker ${mk.marker}, face up` : 'Explosion marker, face down');
      text(bl, x, yy + 3, mk.faceUp ? String(mk.marker).slice(1, 2) : '?', { fill: '#fff' });
    }
  }

  // Objective markers, then figures stacked on their cell.
  for (const om of v.oms) {
    const p = xyOf(om.at);
    if (!p) continue;
    const [x, y] = cellCentre(g, p);
    el(c.root, 'circle', { 'data-om': om.id, cx: x, cy: y, r: CELL * 0.42, fill: 'none', stroke: SIDE_COLOUR[om.control], 'stroke-width': 3 })
      .ele('title').txt(`objective marker ${om.id}, controlled by ${SIDE_NAME[om.control]}`);
  }
  const byCell = new Map<string, Unit[]>();
  for (const u of Object.values(v.units).filter((u) => u.at && !u.downed).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const p = xyOf(u.at!);
    if (p) byCell.set(`${p[0]},${p[1]}`, [...(byCell.get(`${p[0]},${p[1]}`) ?? []), u]);
  }
  const units = el(c.root, 'g', { class: 'units' });
  const labels = abbreviate(Object.values(v.units).map(unitName));
  const shortOf = (u: Unit) => labels.get(unitName(u)) ?? '?';
  for (const [k, us] of [...byCell.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [cx, cy] = cellCentre(g, k.split(',').map(Number) as XY);
    const size = us.length > 1 ? 16 : 26;
    stack(us.length, cx, cy, size, 2).forEach(([x, y], i) => {
      const u = us[i];
      counter(units, {
        x, y, size, fill: SIDE_COLOUR[u.side], label: shortOf(u), unit: u.id, badge: u.hits ? String(u.hits) : undefined,
        highlight: last.units.has(u.id), dim: u.statuses.length > 0,
        title: `${unitName(u)} (${u.id}), level ${map.cells[u.at!]?.z ?? '?'}, facing ${u.facing}${u.statuses.length ? `, ${u.statuses.map((s) => s.kind).join(', ')}` : ''}`,
      });
    });
  }

  // Side panel: sides and seats, victory points, boards, result; legend.
  const px = boardW + 10;
  let y = 24;
  const side = el(c.root, 'g', { class: 'side' });
  for (const s of ['MAYHEM', 'LEGION'] as Side[]) {
    const seats = v.seats.map((x, i) => (x === s ? i : -1)).filter((i) => i >= 0);
    el(side, 'rect', { x: px, y: y - 11, width: 8, height: 30, fill: SIDE_COLOUR[s] });
    y += panel(side, px + 14, y, [
      `${SIDE_NAME[s]}: ${seats.map((i) => `${name(i)}${i === v.viewer ? ' (you)' : ''}`).join(', ') || 'no seat'}`,
      `${v.vp[s]} VP; boards ${Object.values(v.boards).filter((b) => b.side === s).map((b) => CONTENT.elites[b.id]?.name ?? CONTENT.squads[b.id]?.name ?? b.id).join(', ')}`,
    ]) + 6;
  }
  const drawn = v.slots.filter((sl) => sl.drawn);
  if (drawn.length) {
    text(side, px, y, 'Refresh cards drawn', { 'font-weight': 'bold' });
    y += 16;
    for (const sl of drawn) {
      const t = text(side, px + 8, y, `${name(sl.seat)}: ${sl.drawn === '?' ? 'face down' : `Refresh card ${sl.drawn}`}`, { 'font-size': 11 });
      if (sl.drawn !== '?') t.att('data-card', sl.drawn!);
      y += 14;
    }
    y += 4;
  }
  if (v.result) {
    const r = v.result;
    y += panel(side, px, y, ['Result', r.draw ? 'draw' : `won by ${r.winners.map(name).join(' and ')}`, r.reason]) + 4;
  }
  const seen = new Map<string, LegendItem>();
  for (const u of Object.values(v.units).filter((u) => u.at && !u.downed)) seen.set(`${u.side}|${shortOf(u)}|${unitName(u)}`, { key: shortOf(u), fill: SIDE_COLOUR[u.side], text: unitName(u) });
  const items: LegendItem[] = [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, it]) => it);
  items.push(
    { fill: LEVEL_FILL[3], text: 'higher levels darker (L2, L3 ... in the corner)' },
    { fill: 'none', stroke: SIDE_COLOUR.MAYHEM, text: 'ring: objective marker, its controller\'s colour' },
    { fill: 'none', stroke: COLOURS.ink, text: 'corner number: hits; struck through: a status' },
    { fill: 'none', stroke: COLOURS.highlight, text: 'last move' },
  );
  if (blasts.length) items.push({ fill: '#c0392b', text: 'Explosion marker: face up with its Building Damage, grey ? face down' });
  if (vehicles.some((x) => x.side)) items.push({ fill: 'none', stroke: SIDE_COLOUR.MAYHEM, text: 'rounded frame: vehicle (F: its front), its Side\'s colour' });
  if (v.traffic) items.push({ fill: 'none', stroke: DRONE_COLOUR, text: 'dashed rounded frame: drone (F: its front); arrows: Road lanes' });
  if (ramps.length) items.push({ fill: 'none', stroke: '#8a6d3b', text: 'open triangle: Ramp counter, pointing its arrow' });
  if (ddds.length) items.push({ fill: 'none', stroke: SIDE_COLOUR.LEGION, text: 'dashed frame: Doomsday Device, its controller\'s colour' });
  if (rubble.length) items.push({ fill: 'none', stroke: '#8a6d3b', text: 'dashed: Destroyed tile (rubble)' });
  c.fitHeight(y + 10 + legend(side, px, y + 10, 'Legend', items) + 10);
  return c.end();
}
