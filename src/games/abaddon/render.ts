// The board picture (docs/RENDERING.md): a seat's or spectator's view in, SVG out. Pure: it
// reads the view and the mission data, so a user's own missions (data/missions.json) draw
// without code changes (board size, terrain and exit zones come from the view and the data).
import type { RenderOptions } from '../../engine/types.js';
import {
  canvas, cellCentre, COLOURS, counter, el, lastMove, legend, panel, ring, route, squareGrid, stack, text,
  type LegendItem, type SquareGrid, type XY,
} from '../../render/svg.js';
import { DATA, type Faction, type GameData } from './data.js';
import { UNIT, type Unit } from './state.js';
import type { AbView } from './view.js';

const FACTION_COLOUR: Record<Faction, string> = { SCS: COLOURS.seats[1], CA: COLOURS.seats[0] };
/** Company B (3-4 players) in a lighter shade of its faction's colour. */
const COMPANY_B: Record<Faction, string> = { SCS: '#5f8fd0', CA: '#d4705f' };
const colourOf = (faction: Faction, company: 'A' | 'B' | null) => (company === 'B' ? COMPANY_B[faction] : FACTION_COLOUR[faction]);
const FACTION_NAME: Record<Faction, string> = { SCS: 'SCS', CA: 'Crystal Alliance (CA)' };
const TERRAIN_FILL: Record<string, string> = { city: '#b9b4ab', village: '#e3cf9f', forest: '#9fc49a' };
const CELL = 44;
const PANEL_W = 330;

/** Weapon System cards in the rulebook's words (spec §11.1): "Target 3", "Smart Bomb". */
export function wsName(id: string, data: GameData = DATA): string {
  const c = data.ws.find((x) => x.id === id);
  if (!c) return id;
  switch (c.kind) {
    case 'target': return `Target ${c.value}`;
    case 'lrb': return 'Long Range Bombardment';
    case 'sb': return 'Smart Bomb';
    case 'db': return 'Doomsday Bolt';
    case 'amm': return 'Anti-Missile Missile';
    case 'reboot': return 'Reboot Decks';
  }
}

/** A unit as the rulebook names it: "Heavy Link (SCS-A-H1)". */
export const unitName = (u: Unit): string => `${UNIT[u.type].name} ${u.id}`;
/** The counter's short label: type letter and number ("H1"). */
const counterLabel = (u: Unit): string => `${u.company ?? ''}${u.id.slice(u.id.lastIndexOf('-') + 1)}`;

/** The renderer over a ruleset's data (makeAbaddon(data)): a user's own missions and cards draw as given. */
export function makeRender(data: GameData = DATA): (v: AbView, opts: RenderOptions) => string {
  return (v, opts) => render(v, opts, data);
}

export function render(v: AbView, opts: RenderOptions, data: GameData = DATA): string {
  const wsCardName = (id: string) => wsName(id, data);
  const mission = data.missions.find((m) => m.id === v.mission);
  const g: SquareGrid = { cols: v.width, rows: v.height, cell: CELL, x: 34, y: 70 };
  const boardW = g.x + g.cols * CELL + 20;
  const c = canvas(boardW + PANEL_W, g.y + g.rows * CELL + 30, {
    title: `Abaddon, ${mission?.title ?? v.mission}${opts.version !== undefined ? `, version ${opts.version}` : ''}`,
    desc: opts.seat === null ? 'Spectator view' : `View of seat ${opts.seat}`,
  });
  const last = lastMove(opts.lastEvents);
  const name = (i: number) => opts.seatNames?.[i] ?? `Seat ${i}`;
  text(c.root, 16, 24, `Abaddon: ${mission?.title ?? v.mission}`, { 'font-size': 16, 'font-weight': 'bold' });
  text(c.root, 16, 42, `Round ${v.round}${v.maxRounds ? ` of ${v.maxRounds}` : ''}, ${v.phase}; ${v.phase === 'over' ? 'game over' : `${name(v.active)} to act`}`, { 'font-size': 11 });

  // Board: terrain, exit zones, grid.
  const terrain = new Map(v.terrain.map((t) => [`${t.at[0]},${t.at[1]}`, t.type]));
  squareGrid(c.root, g, { fill: ([x, y]) => TERRAIN_FILL[terrain.get(`${x},${y}`) ?? ''] });
  for (const ex of mission?.exits ?? []) {
    for (const z of ex.zone) {
      el(c.root, 'rect', {
        class: 'exit-zone', x: g.x + z.x0 * CELL + 2, y: g.y + z.y0 * CELL + 2, width: (z.x1 - z.x0 + 1) * CELL - 4, height: (z.y1 - z.y0 + 1) * CELL - 4,
        fill: 'none', stroke: FACTION_COLOUR[ex.faction], 'stroke-width': 2, 'stroke-dasharray': '5 3',
      }).ele('title').txt(`${ex.faction} exit zone (${ex.types.map((t) => UNIT[t].name).join(', ')})`);
    }
  }

  // Lock-On Relays: a crosshair in the owner's colour.
  for (const lo of v.lockons) {
    const [x, y] = cellCentre(g, lo.at);
    const col = colourOf(v.seats[lo.seat]?.faction ?? 'SCS', v.seats[lo.seat]?.company ?? null);
    const lg = el(c.root, 'g', { class: 'lock-on', stroke: col, 'stroke-width': 2, fill: 'none' });
    el(lg, 'circle', { cx: x, cy: y, r: CELL * 0.42 });
    el(lg, 'line', { x1: x - CELL / 2, y1: y, x2: x + CELL / 2, y2: y });
    el(lg, 'line', { x1: x, y1: y - CELL / 2, x2: x, y2: y + CELL / 2 });
    const relay = v.relays[lo.seat];
    lg.ele('title').txt(`Lock-On Relay of ${name(lo.seat)}${relay ? ` (relay ${relay})` : ''}`);
  }

  // The last move: its route, then rings on its cells.
  for (const p of last.paths) route(c.root, p.filter((x): x is XY => Array.isArray(x)).map((x) => cellCentre(g, x)));
  for (const cell of last.cells) ring(c.root, ...cellCentre(g, cell), CELL * 0.5);

  // Units on the board: counters, crystals as the badge.
  const onBoard = v.units.filter((u) => u.status === 'board' && u.at);
  const byCell = new Map<string, Unit[]>();
  for (const u of onBoard) byCell.set(`${u.at![0]},${u.at![1]}`, [...(byCell.get(`${u.at![0]},${u.at![1]}`) ?? []), u]);
  const attacksG = el(c.root, 'g', { class: 'attacks' }); // filled below, drawn under the counters
  const unitsG = el(c.root, 'g', { class: 'units' });
  const pos = new Map<string, XY>();
  for (const us of byCell.values()) {
    const [x, y] = cellCentre(g, us[0].at!);
    const size = us.length > 1 ? 18 : 28;
    stack(us.length, x, y, size, 2).forEach((p, i) => {
      const u = us[i];
      pos.set(u.id, p);
      counter(unitsG, {
        x: p[0], y: p[1], size, fill: colourOf(u.faction, u.company), label: counterLabel(u), unit: u.id, badge: String(u.crystals),
        title: `${unitName(u)}: ${u.crystals} Power Crystals${u.markers.length ? `, Wild Fire: ${u.markers.map((m) => data.markers.find((x) => x.id === m)?.name ?? m).join(', ')}` : ''}`,
        dim: u.markers.length > 0, highlight: last.units.has(u.id),
      });
    });
  }

  // Declared attacks: an arrow from firer to target; a face-down card shows as "?".
  v.attacks.filter((a) => !a.done).forEach((a, i) => {
    const from = pos.get(a.unit);
    const to = pos.get(a.target);
    if (!from || !to) return;
    const ag = el(attacksG, 'g', { class: 'attack' });
    el(ag, 'line', { x1: from[0], y1: from[1], x2: to[0], y2: to[1], stroke: '#000000', 'stroke-width': 2, 'stroke-dasharray': '4 3' });
    el(ag, 'circle', { cx: to[0], cy: to[1], r: 4, fill: '#000000' });
    const card = typeof a.card === 'string' ? wsCardName(a.card) : 'face-down Target card';
    const t = 0.3 + 0.12 * (i % 4); // several attacks on one target: labels apart
    const label = text(ag, from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t - 4, typeof a.card === 'string' ? wsCardName(a.card) : '?', {
      'font-size': 10, 'text-anchor': 'middle', 'font-weight': 'bold', stroke: COLOURS.paper, 'stroke-width': 3, 'paint-order': 'stroke',
    });
    if (typeof a.card === 'string') label.att('data-card', a.card);
    const response = a.response === null ? '' : typeof a.response === 'string' ? `; response: ${wsCardName(a.response)}` : '; a face-down response';
    ag.ele('title').txt(`${a.unit} attacks ${a.target} (${a.kind.toUpperCase()}, ${card}${response})`);
  });

  // Side panel: seats, the viewer's faction's hands, units off the board, cups, legend.
  const px = boardW + 10;
  let y = 24;
  const side = el(c.root, 'g', { class: 'side' });
  v.seats.forEach((st, i) => {
    const relay = v.relays[i];
    el(side, 'rect', { x: px, y: y - 11, width: 8, height: 30, fill: colourOf(st.faction, st.company) });
    y += panel(side, px + 14, y, [
      `${name(i)}: ${st.faction}${st.company ? ` company ${st.company}` : ''}${i === v.viewer ? ' (you)' : ''}`,
      `${v.handSizes[i]} cards in hand${relay ? `, relay ${relay}` : relay === null ? ', relay hidden' : ''}`,
    ]) + 6;
  });
  v.hands.forEach((h, i) => {
    if (!h || v.viewer === null) return;
    text(side, px, y, `${i === v.viewer ? 'Your hand' : `${name(i)}'s hand`}`, { 'font-weight': 'bold' });
    y += 16;
    const cards = el(side, 'g', { class: 'hand' });
    text(cards, px + 8, y, h.length ? '' : '(empty)', { 'font-size': 11 });
    h.forEach((id, k) => text(cards, px + 8 + (k % 2) * 150, y + Math.floor(k / 2) * 14, wsCardName(id), { 'font-size': 11, 'data-card': id }));
    y += Math.max(1, Math.ceil(h.length / 2)) * 14 + 6;
  });
  for (const f of ['SCS', 'CA'] as Faction[]) {
    const mine = v.units.filter((u) => u.faction === f);
    const count = (st: Unit['status']) => mine.filter((u) => u.status === st).length;
    y += panel(side, px, y, [FACTION_NAME[f], `on board ${count('board')}, reserve ${count('reserve')}, exited ${count('exited')}, destroyed ${count('destroyed')}`,
      `VP cup: ${v.cup[f]} crystals, ${v.counters[f]} counters; kills ${v.kills[f]}`]) + 4;
  }
  if (v.result) {
    const r = v.result;
    y += panel(side, px, y, ['Result', r.draw ? 'draw' : `won by ${r.winners.map(name).join(' and ')}`, r.reason]) + 4;
  }
  const types = [...new Set(onBoard.map((u) => u.type))].sort();
  const items: LegendItem[] = types.map((t) => ({ key: t, fill: COLOURS.hidden, text: `${UNIT[t].name} (d${UNIT[t].die}, move ${UNIT[t].move})` }));
  items.push(
    ...(v.seats.some((st) => st.company) ? [
      { fill: FACTION_COLOUR.SCS, text: 'SCS company A (label A…)' }, { fill: COMPANY_B.SCS, text: 'SCS company B (label B…)' },
      { fill: FACTION_COLOUR.CA, text: 'Crystal Alliance company A' }, { fill: COMPANY_B.CA, text: 'Crystal Alliance company B' },
    ] : [{ fill: FACTION_COLOUR.SCS, text: 'SCS' }, { fill: FACTION_COLOUR.CA, text: 'Crystal Alliance' }]),
    { fill: TERRAIN_FILL.city, text: 'city' }, { fill: TERRAIN_FILL.village, text: 'village' }, { fill: TERRAIN_FILL.forest, text: 'forest' },
    { fill: 'none', stroke: COLOURS.ink, text: 'corner number: Power Crystals' },
    { fill: 'none', stroke: COLOURS.highlight, text: 'last move' },
  );
  c.fitHeight(y + 10 + legend(side, px, y + 10, 'Legend', items) + 10);
  return c.end();
}
