// The board picture (docs/RENDERING.md): a seat's or spectator's view in, SVG out. Pure: it
// reads the view and the data files only, so a user's own map (data/maps.json) draws without
// code changes: spaces go where `pos` puts them, else a layered layout of the map's edges.
import type { RenderOptions } from '../../engine/types.js';
import {
  abbreviate, canvas, COLOURS, counter, el, lastMove, layeredLayout, legend, panel, ring, route, spacesAndLinks, stack, text,
  type LegendItem, type Link, type SpaceNode, type XY,
} from '../../render/svg.js';
import { CONTENT, type Faction, type MapDef, type SpaceDef } from './content.js';
import type { View } from './view.js';

const FACTION_COLOUR: Record<Faction, string> = { breakers: COLOURS.seats[0], lfa: COLOURS.seats[1] };
const FACTION_NAME: Record<Faction, string> = { breakers: 'Breakers', lfa: 'LFA' };
const COL_W = 170;
const ROW_H = 130;
const R = 50;
const MARGIN = 70;
const PANEL_W = 330;
const COUNTER = 22;

/** A unit as the rulebook names it: title and squad letter ("Nailgunner C"). */
export function unitName(id: string): string {
  const u = CONTENT.units[id];
  return u ? (u.squad ? `${u.title} ${u.squad}` : u.title) : id;
}

/** Pixel centre of each space: the data's `pos` when every space has one, else a layered layout. */
export function spaceCentres(def: MapDef): Record<string, XY> {
  const grid: Record<string, XY> = def.spaces.every((s) => s.pos)
    ? Object.fromEntries(def.spaces.map((s) => [s.id, s.pos!]))
    : layeredLayout(def.spaces.map((s) => s.id), [
      ...def.edges, ...def.doors.map((d) => [d.a, d.b] as [string, string]),
      ...def.spaces.flatMap((s) => (s.deck?.supports ?? []).map((t) => [s.id, t] as [string, string])),
    ],
      def.spaces.filter((s) => s.spawns?.some((x) => x.startsWith('breakers'))).map((s) => s.id));
  return Object.fromEntries(Object.entries(grid).map(([id, [c, r]]) => [id, [MARGIN + R + c * COL_W, MARGIN + R + r * ROW_H] as XY]));
}

function pointsNote(sp: SpaceDef): string | null {
  if (sp.points === undefined) return null;
  if (typeof sp.points === 'number') return sp.points ? `${sp.points} pts` : null;
  return Object.entries(sp.points).map(([f, n]) => `${FACTION_NAME[f as Faction]} ${n} pts`).join(', ');
}

export function render(v: View, opts: RenderOptions): string {
  const sc = CONTENT.scenarios[v.scenario];
  const map = CONTENT.maps[sc.map];
  const at = spaceCentres(map.def);
  const xs = Object.values(at).map((p) => p[0]);
  const ys = Object.values(at).map((p) => p[1]);
  const boardW = Math.max(...xs) + R + MARGIN;
  const height = Math.max(...ys) + R + MARGIN;
  const c = canvas(boardW + PANEL_W, height, {
    title: `Undaunted 2200: Callisto, ${sc.title}${opts.version !== undefined ? `, version ${opts.version}` : ''}`,
    desc: opts.seat === null ? 'Spectator view' : `View of seat ${opts.seat}`,
  });
  const last = lastMove(opts.lastEvents);
  const caption = el(c.root, 'g', { class: 'caption' });
  text(caption, 16, 24, `${sc.title} (${map.def.title})`, { 'font-size': 16, 'font-weight': 'bold' });
  text(caption, 16, 42, `Round ${v.round}, ${v.phase === 'bid' ? 'initiative bids' : v.phase === 'over' ? 'game over' : 'turns'}; initiative: ${FACTION_NAME[v.initiative]}`, { 'font-size': 11 });

  // Spaces, links and doors.
  const people = new Map<string, string[]>();
  for (const p of v.people) people.set(p.space, [...(people.get(p.space) ?? []), p.type]);
  const nodes: SpaceNode[] = map.def.spaces.map((sp) => {
    const notes = [sp.cover ? `cover ${sp.cover}` : 'no cover', pointsNote(sp)].filter((x): x is string => !!x);
    for (const st of sc.structures.filter((x) => x.space === sp.id)) notes.push(`${st.type}${v.structures[st.id]?.destroyed ? ' (destroyed)' : ''}`);
    const ppl = people.get(sp.id);
    if (ppl) notes.push(ppl.map((t) => t).join(', '));
    return {
      id: sp.id, x: at[sp.id][0], y: at[sp.id][1], r: R,
      fill: sp.impassable === 'all' ? '#cfc9bd' : sp.impassable === 'vehiclesAndMechs' ? '#e9e3d6' : '#ffffff',
      strokeWidth: sp.elevated ? 4 : 1.5, stroke: last.spaces.has(sp.id) ? COLOURS.highlight : COLOURS.grid,
      notes,
      tooltip: `${sp.id}: ${sp.elevated ? 'elevated, ' : ''}cover ${sp.cover}${sp.impassable && sp.impassable !== 'none' ? `, impassable to ${sp.impassable === 'all' ? 'all units' : 'vehicles and mechs'}` : ''}`,
    };
  });
  const links: Link[] = map.def.edges.map(([a, b]) => ({ a, b }));
  for (const d of map.def.doors) {
    const open = v.doorsOpen.includes(d.id);
    links.push({ a: d.a, b: d.b, dashed: !open, stroke: open ? COLOURS.grid : COLOURS.ink, width: open ? 2 : 4, label: `door ${d.id}${open ? ' (open)' : ''}` });
  }
  for (const sp of map.def.spaces) for (const l of sp.deck?.linked ?? []) if (sp.id < l) links.push({ a: sp.id, b: l, stroke: '#8a6d3b', width: 6 });
  const board = el(c.root, 'g', { class: 'board' });
  for (const p of last.paths) route(board, p.filter((x): x is string => typeof x === 'string' && !!at[x.split(':')[0]]).map((x) => at[x.split(':')[0]]));
  spacesAndLinks(board, nodes, links);

  // Bridge decks: a box on the space's upper right, linked to the spaces that support it.
  for (const sp of map.def.spaces) {
    if (!sp.deck) continue;
    const [x, y] = at[sp.id];
    for (const t of sp.deck.supports) {
      if (!at[t]) continue;
      const [x1, y1] = [x + R * 0.35 + 29, y - R + 1];
      const d = Math.hypot(at[t][0] - x1, at[t][1] - y1) || 1;
      el(board, 'line', { x1, y1, x2: at[t][0] - ((at[t][0] - x1) * R) / d, y2: at[t][1] - ((at[t][1] - y1) * R) / d, stroke: '#8a6d3b', 'stroke-width': 2, 'stroke-dasharray': '2 3' })
        .ele('title').txt(`${sp.id} deck: supported by ${t}`);
    }
    const g = el(board, 'g', { 'data-space': `${sp.id}:deck` });
    el(g, 'rect', { x: x + R * 0.35, y: y - R - 14, width: 58, height: 30, rx: 4, fill: '#f3ead8', stroke: '#8a6d3b', 'stroke-width': 1.5 });
    text(g, x + R * 0.35 + 29, y - R - 16, `deck, cover ${sp.deck.cover}`, { 'font-size': 8, 'text-anchor': 'middle' });
  }

  // Scouted / controlled markers: per faction, left (Breakers) and right (LFA) of the label.
  for (const [space, sides] of Object.entries(v.markers)) {
    if (!at[space]) continue;
    const [x, y] = at[space];
    (['breakers', 'lfa'] as Faction[]).forEach((f, i) => {
      const side = sides[f];
      if (!side) return;
      const mx = x + (i === 0 ? -R * 0.62 : R * 0.62) - 6;
      const m = el(board, 'rect', { class: `marker ${side}`, x: mx, y: y - R * 0.55, width: 12, height: 12, fill: side === 'controlled' ? FACTION_COLOUR[f] : '#ffffff', stroke: FACTION_COLOUR[f], 'stroke-width': 2 });
      m.ele('title').txt(`${FACTION_NAME[f]} ${side}`);
    });
  }

  // Units: counters stacked in their space (or on its deck).
  const onBoard = Object.values(v.units).filter((u) => u.at !== null && !u.neutralised).sort((a, b) => (a.id < b.id ? -1 : 1));
  const titles = abbreviate(onBoard.map((u) => CONTENT.units[u.id]?.title ?? u.id));
  const labelOf = (id: string) => `${titles.get(CONTENT.units[id]?.title ?? id) ?? '?'}${CONTENT.units[id]?.squad ?? ''}`;
  const byPlace = new Map<string, typeof onBoard>();
  for (const u of onBoard) byPlace.set(u.at!, [...(byPlace.get(u.at!) ?? []), u]);
  const unitsG = el(c.root, 'g', { class: 'units' });
  for (const [place, us] of [...byPlace.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [space, deck] = place.split(':');
    if (!at[space]) continue;
    const [x, y] = at[space];
    const centre: XY = deck ? [x + R * 0.35 + 29, y - R + 3] : [x, y + 2];
    const pos = stack(us.length, centre[0], centre[1], deck ? 14 : COUNTER, deck ? 3 : 3);
    us.forEach((u, i) => counter(unitsG, {
      x: pos[i][0], y: pos[i][1], size: deck ? 14 : COUNTER, fill: FACTION_COLOUR[v.seats[u.owner]?.faction ?? 'breakers'],
      label: labelOf(u.id), unit: u.id, title: `${unitName(u.id)}${u.suppressed ? ' (suppressed)' : ''}`, dim: u.suppressed, highlight: last.units.has(u.id),
    }));
  }
  for (const s of last.spaces) if (at[s.split(':')[0]] && !s.includes(':')) ring(board, at[s][0], at[s][1], R + 5);

  // Side panel: seats, the viewer's hand, neutralised units, legend.
  const px = boardW + 10;
  let y = 24;
  const side = el(c.root, 'g', { class: 'side' });
  const name = (i: number) => opts.seatNames?.[i] ?? `Seat ${i}`;
  for (const sv of v.seats) {
    const lines = [`${name(sv.seat)}: ${FACTION_NAME[sv.faction]}, force ${sv.forces.join('+')}${sv.seat === v.viewer ? ' (you)' : ''}`,
      `hand ${sv.handCount}, deck ${sv.deckCount}, discard ${sv.discard.length}, casualties ${sv.casualties.length}`];
    el(side, 'rect', { x: px, y: y - 11, width: 8, height: 30, fill: FACTION_COLOUR[sv.faction] });
    y += panel(side, px + 14, y, lines) + 6;
  }
  const me = v.seats.find((sv) => sv.seat === v.viewer);
  if (me?.hand) {
    text(side, px, y, 'Your hand', { 'font-weight': 'bold' });
    y += 16;
    if (!me.hand.length) {
      text(side, px + 8, y, '(empty)', { 'font-size': 11 });
      y += 14;
    }
    for (const id of me.hand) {
      const t = text(side, px + 8, y, CONTENT.cards[id]?.title ?? id, { 'font-size': 11, 'data-card': id });
      if (CONTENT.cards[id]?.unit) t.att('data-unit-card', CONTENT.cards[id].unit!);
      y += 14;
    }
    y += 6;
  }
  for (const f of ['breakers', 'lfa'] as Faction[]) {
    const gone = v.fac[f].neutralised;
    if (!gone.length) continue;
    y += panel(side, px, y, [`${FACTION_NAME[f]} neutralised`, gone.map(unitName).join(', ')]) + 4;
  }
  if (v.result) {
    const r = v.result;
    y += panel(side, px, y, ['Result', r.draw ? 'draw' : `won by ${r.winners.map(name).join(' and ')}`, r.reason]) + 4;
  }
  const items: LegendItem[] = [...new Map(onBoard.map((u) => [u.id, u])).values()]
    .map((u) => ({ key: labelOf(u.id), fill: FACTION_COLOUR[v.seats[u.owner]?.faction ?? 'breakers'], text: unitName(u.id) }))
    .filter((it, i, all) => all.findIndex((o) => o.key === it.key && o.fill === it.fill) === i);
  items.push(
    { fill: FACTION_COLOUR.breakers, text: 'controlled (filled) / scouted (open)' },
    { fill: '#ffffff', stroke: COLOURS.ink, text: 'thick border: elevated space' },
    { fill: '#cfc9bd', text: 'impassable; light: to vehicles and mechs' },
    { fill: 'none', stroke: COLOURS.highlight, text: 'last move' },
  );
  if (map.def.spaces.some((sp) => sp.deck)) items.push({ fill: '#f3ead8', stroke: '#8a6d3b', text: 'bridge deck; dotted: the spaces holding it' });
  if (map.def.doors.length) items.push({ fill: 'none', stroke: COLOURS.ink, text: 'dashed black link: a closed door' });
  c.fitHeight(y + 10 + legend(side, px, y + 10, 'Legend', items) + 10);
  return c.end();
}
