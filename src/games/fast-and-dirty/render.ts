// The board picture (docs/RENDERING.md): a seat's or spectator's view in, SVG out. Pure: it
// reads the view (table size, terrain, objectives and units all travel in the state) and the
// scenario's deployment zones from data/scenarios.json through CONTENT, so another map or
// scenario draws without code changes. The table is seen from above, side 0's home edge
// (y = 0) at the bottom; each figure is drawn as its round base at its true size, each unit
// gets a counter with its id over its figures. The core game hides nothing (view.ts), so every
// seat's picture is the same but for the "(you)" mark.
import type { RenderOptions } from '../../engine/types.js';
import type { Pt } from '../../engine/mech/geom2d.js';
import { COLOURS, canvas, counter, el, lastMove, legend, panel, ring, text, type LegendItem, type XY } from '../../render/svg.js';
import { CONTENT, scenarioDef } from './content.js';
import { casualties, inPlay, living, type Feature, type Side, type Unit } from './state.js';
import type { View } from './view.js';
import { hull } from './rules/vehicles.js';
import { SENTRY_RADIUS, isSentryId, sentryId } from './rules/sentry.js';
import { placeLabel } from './rules/buildings.js';

/** Pixels per inch: a 48" table is 672 px. */
const PX = 14;
const X0 = 40;
const Y0 = 74;
const PANEL_W = 340;
const SIDE_COLOUR: Record<Side, string> = { 0: COLOURS.seats[0], 1: COLOURS.seats[1] };
const NEUTRAL = '#8c7a5b';
const SIDE_NAME: Record<Side, string> = { 0: 'Side A', 1: 'Side B' };
const PHASE: Record<string, string> = {
  initiative: 'initiative', activate: 'activation', order: 'order', opportunity: 'opportunity fire window', elusive: 'Elusive fall back', retarget: 'new target after Elusive', control: 'non-combatant control', ended: 'game over',
};

/** Terrain fill and its legend wording, from what the rules read from a feature (§3.2). */
function look(f: Feature): { fill: string; stroke: string; text: string } {
  if (f.kind === 'structure') return { fill: f.status === 'destroyed' ? '#d8d0c4' : f.status === 'badlyDamaged' ? '#a6958a' : '#7d6b60', stroke: '#4a3f38', text: 'structure (demolition target)' };
  if (f.fortification) return { fill: '#c9ae7c', stroke: '#8a6d3b', text: 'fortification (trench, sandbags, foxhole, bunker)' };
  if (f.kind === 'hill') return { fill: '#dccb9c', stroke: '#b3a070', text: 'hill' };
  if (f.los === 'woodsDense') return { fill: '#7fae7a', stroke: '#4f7f4a', text: 'dense woods' };
  if (f.los === 'woodsLight') return { fill: '#a7cf9f', stroke: '#5f8f5a', text: 'light woods' };
  if (f.move === 'impassable' && f.los === 'block') return { fill: '#a89f91', stroke: '#5e564c', text: 'building: impassable, blocks LOS' };
  if (f.move === 'impassable') return { fill: '#a9c8de', stroke: '#6b8fa8', text: 'impassable, LOS clear (water)' };
  if (f.move === 'veryDifficult') return { fill: '#c9b8a0', stroke: '#8c7b63', text: 'very difficult ground (rubble)' };
  if (f.move === 'difficult') return { fill: '#d6cfb0', stroke: '#9c9484', text: 'difficult ground' };
  return { fill: '#e6e0c8', stroke: '#9c9484', text: 'open terrain feature' };
}

function linearLook(f: Feature): { stroke: string; text: string } {
  if (f.fortification) return { stroke: '#b39b6b', text: `${f.fortification} (linear fortification)` };
  return f.cover === 'hard' ? { stroke: '#6b6259', text: 'wall (hard cover)' } : { stroke: '#4f7f4a', text: 'hedge (soft cover)' };
}

const MOVE_WORD: Record<Feature['move'], string> = { open: 'open', difficult: 'difficult', veryDifficult: 'very difficult', impassable: 'impassable' };

export function render(v0: View, opts: RenderOptions): string {
  // The view lists the sentry guns among its units; they are drawn from the option below, as emplacements.
  const v: View = { ...v0, units: v0.units.filter((u) => !isSentryId(u.id)) };
  const sc = scenarioDef(v.scenario);
  const W = (v.table.w / 100) * PX;
  const H = (v.table.h / 100) * PX;
  const at = (p: Pt | XY): XY => [X0 + (p[0] / 100) * PX, Y0 + ((v.table.h - p[1]) / 100) * PX];
  const boardW = X0 + W + 24;
  const c = canvas(boardW + PANEL_W, Y0 + H + 40, {
    title: `Fast and Dirty, ${sc?.title ?? v.scenario}${opts.version !== undefined ? `, version ${opts.version}` : ''}`,
    desc: opts.seat === null ? 'Spectator view' : `View of seat ${opts.seat}`,
  });
  const name = (i: number) => opts.seatNames?.[i] ?? `Seat ${i}`;
  const last = lastMove(opts.lastEvents);
  const toActText = v.phase === 'ended' ? '' : `; ${SIDE_NAME[v.toAct]} to act${v.active ? `, ${v.active} active` : ''}`;
  text(c.root, 16, 24, `Fast and Dirty: ${sc?.title ?? v.scenario}`, { 'font-size': 16, 'font-weight': 'bold' });
  text(c.root, 16, 42, `Turn ${v.turn} of ${v.options.turnLimit}, ${PHASE[v.phase] ?? v.phase}${toActText}; table ${v.table.w / 100}" x ${v.table.h / 100}"`, { 'font-size': 11 });

  // The table, an inch scale every 6", the deployment zones (scenario data).
  const board = el(c.root, 'g', { class: 'table' });
  el(board, 'rect', { x: X0, y: Y0, width: W, height: H, fill: '#eef0dc', stroke: COLOURS.ink, 'stroke-width': 1.5 });
  const ticks = el(c.root, 'g', { class: 'coords', 'font-size': 9, fill: COLOURS.grid, 'text-anchor': 'middle' });
  for (let i = 0; i <= v.table.w / 100; i += 6) {
    el(board, 'line', { x1: X0 + i * PX, y1: Y0 + H, x2: X0 + i * PX, y2: Y0 + H + 4, stroke: COLOURS.grid });
    text(ticks, X0 + i * PX, Y0 + H + 14, `${i}"`);
  }
  for (let i = 0; i <= v.table.h / 100; i += 6) {
    el(board, 'line', { x1: X0 - 4, y1: Y0 + H - i * PX, x2: X0, y2: Y0 + H - i * PX, stroke: COLOURS.grid });
    text(ticks, X0 - 18, Y0 + H - i * PX + 3, `${i}"`);
  }
  if (v.turn === 1 && sc) {
    sc.zones.forEach(([x0, y0, x1, y1], side) => {
      const [ax, ay] = at([x0, y1]);
      const [bx, by] = at([x1, y0]);
      el(board, 'rect', { class: 'zone', x: ax, y: ay, width: bx - ax, height: by - ay, fill: SIDE_COLOUR[side as Side], 'fill-opacity': 0.07, stroke: SIDE_COLOUR[side as Side], 'stroke-dasharray': '6 4' })
        .ele('title').txt(`${SIDE_NAME[side as Side]} deployment zone`);
    });
  }

  // Terrain: areas, hills and structures as polygons, linear obstacles as thick lines.
  const terrain = el(c.root, 'g', { class: 'terrain' });
  const used = new Map<string, LegendItem>();
  const order = (f: Feature) => (f.kind === 'hill' ? 0 : f.kind === 'area' ? 1 : f.kind === 'structure' ? 2 : 3);
  for (const f of [...v.terrain].sort((a, b) => order(a) - order(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const pts = f.points.map((p) => at(p));
    const why = `${f.id}: ${f.kind}, ${MOVE_WORD[f.move]}, cover ${f.cover}, LOS ${f.los}, height ${f.height / 100}"${f.fortification ? `, ${f.fortification}` : ''}${f.status ? `, ${f.status}` : ''}`;
    if (f.kind === 'linear') {
      const lk = linearLook(f);
      used.set(lk.text, { fill: 'none', stroke: lk.stroke, text: lk.text });
      el(terrain, 'polyline', { 'data-feature': f.id, points: pts.map(([x, y]) => `${x},${y}`).join(' '), fill: 'none', stroke: lk.stroke, 'stroke-width': f.cover === 'hard' ? 5 : 4, 'stroke-linecap': 'round' })
        .ele('title').txt(why);
      continue;
    }
    const lk = look(f);
    used.set(lk.text, { fill: lk.fill, stroke: lk.stroke, text: lk.text });
    const poly = el(terrain, 'polygon', { 'data-feature': f.id, points: pts.map(([x, y]) => `${x},${y}`).join(' '), fill: lk.fill, stroke: lk.stroke, 'stroke-width': 1.2 });
    if (f.status === 'destroyed') poly.att('stroke-dasharray', '4 3');
    poly.ele('title').txt(why);
    // The name near the top edge, clear of an objective marker at the centre.
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const top = Math.min(...pts.map((p) => p[1]));
    const dark = f.kind === 'structure' && f.status !== 'destroyed';
    text(terrain, cx, top + 11, f.status && f.status !== 'intact' ? `${f.id} (${f.status === 'destroyed' ? 'destroyed' : 'badly damaged'})` : f.id, { 'font-size': 8, 'text-anchor': 'middle', fill: dark ? '#ffffff' : '#3d3a33' });
    // A floor plan: the rooms, named by id near their lower edge (units inside are identified by room, §3.2 item 3).
    for (const r of f.rooms ?? []) {
      const rp = r.points.map((p) => at(p));
      el(terrain, 'polygon', { 'data-room': `${f.id}/${r.id}`, points: rp.map(([x, y]) => `${x},${y}`).join(' '), fill: 'none', stroke: dark ? '#d8d0c4' : lk.stroke, 'stroke-width': 0.8, 'stroke-dasharray': '2 2' })
        .ele('title').txt(placeLabel({ building: f.id, room: r.id }));
      text(terrain, rp.reduce((s, p) => s + p[0], 0) / rp.length, Math.max(...rp.map((p) => p[1])) - 3, r.id, { 'font-size': 6, 'text-anchor': 'middle', fill: dark ? '#ffffff' : '#3d3a33' });
    }
  }

  // Objectives; Hold the Line's held radius; rigged charges.
  const marks = el(c.root, 'g', { class: 'objectives' });
  if (v.victory.kind === 'holdTheLine') {
    const [x, y] = at(v.victory.objective);
    el(marks, 'circle', { cx: x, cy: y, r: (v.victory.radius / 100) * PX, fill: 'none', stroke: SIDE_COLOUR[v.victory.attacker === 0 ? 1 : 0], 'stroke-width': 1.5, 'stroke-dasharray': '5 4' })
      .ele('title').txt(`objective radius ${v.victory.radius / 100}" (Hold the Line)`);
  }
  for (const [i, p] of v.objectives.map((p, i) => [i, p] as const)) {
    const [x, y] = at(p);
    const g = el(marks, 'g', { 'data-objective': String(i) });
    el(g, 'circle', { cx: x, cy: y, r: 8, fill: '#ffffff', stroke: COLOURS.ink, 'stroke-width': 2 });
    el(g, 'circle', { cx: x, cy: y, r: 3, fill: COLOURS.ink });
    g.ele('title').txt(`objective at (${p[0] / 100}", ${p[1] / 100}")`);
  }
  for (const u of v.units) {
    const d = u.demolition;
    if (!d?.riggedAt || d.rigged === 'no') continue;
    const [x, y] = at(d.riggedAt);
    el(marks, 'polygon', { class: 'charge', points: `${x},${y - 7} ${x + 7},${y} ${x},${y + 7} ${x - 7},${y}`, fill: '#d04a2a', stroke: COLOURS.ink })
      .ele('title').txt(`demolition charges ${d.rigged === 'yes' ? 'rigged' : 'being rigged'} by ${u.id}`);
  }

  // The last move: end points of moved figures, shot lines, blast circles.
  const centre = (u: Unit): XY | null => {
    const fs = living(u);
    if (!fs.length) return null;
    return at([fs.reduce((s, f) => s + f.at[0], 0) / fs.length, fs.reduce((s, f) => s + f.at[1], 0) / fs.length]);
  };
  const byId = new Map(v.units.map((u) => [u.id, u]));
  const hl = el(c.root, 'g', { class: 'last-move' });
  for (const e of opts.lastEvents ?? []) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'moved' && d && typeof d.to === 'object' && d.to) {
      for (const p of Object.values(d.to as Record<string, Pt>)) if (Array.isArray(p)) ring(hl, ...at(p), 11);
    }
    if (e.type === 'shot' && typeof d?.unit === 'string' && typeof d.target === 'string') {
      const a = byId.get(d.unit);
      const b = byId.get(d.target);
      const pa = a && centre(a);
      const pb = b && centre(b);
      if (pa && pb) el(hl, 'line', { x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1], stroke: COLOURS.highlight, 'stroke-width': 3, 'stroke-dasharray': '8 5', 'stroke-opacity': 0.9 });
    }
    if (e.type === 'blast' && Array.isArray(d?.at) && typeof d.radius === 'number') {
      const [bx, by] = at(d.at as unknown as Pt);
      el(hl, 'circle', { cx: bx, cy: by, r: (d.radius / 100) * PX, fill: COLOURS.highlight, 'fill-opacity': 0.25, stroke: COLOURS.highlight, 'stroke-width': 2 });
    }
  }

  // Figures: casualties as grey crosses where they fell, the living as bases; a counter per unit.
  const figs = el(c.root, 'g', { class: 'figures' });
  const units = el(c.root, 'g', { class: 'units' });
  const colourOf = (u: Unit) => (u.side === null ? (u.controlledBy !== null && u.controlledBy !== undefined ? SIDE_COLOUR[u.controlledBy] : NEUTRAL) : SIDE_COLOUR[u.side]);
  const sorted = [...v.units].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // At night another side's hidden unit shows no position at all (its markers are drawn anonymously below).
  const placeless = (u: Unit) => !!u.hidden && !u.hidden.markers.length;
  let anyCasualty = false;
  for (const u of sorted) {
    if (placeless(u)) continue;
    for (const f of u.figures) {
      if (f.alive || f.exited) continue;
      anyCasualty = true;
      const [x, y] = at(f.at);
      const k = 4;
      const g = el(figs, 'g', { class: 'casualty', stroke: '#6d6d6d', 'stroke-width': 1.6 });
      el(g, 'line', { x1: x - k, y1: y - k, x2: x + k, y2: y + k });
      el(g, 'line', { x1: x - k, y1: y + k, x2: x + k, y2: y - k });
      g.ele('title').txt(`${f.id} (${u.name}): ${f.wounded ? `wounded${f.wounded === 'stabilized' ? ', stabilized' : ''}` : 'casualty'}`);
    }
  }
  const flags: { key: string; fill: string; text: string; on: (u: Unit) => boolean }[] = [
    { key: 'P', fill: '#6c3f99', text: 'pinned (§7.19)', on: (u) => !!u.pinned },
    { key: 'B', fill: '#b03a2e', text: 'broken (§6.1)', on: (u) => u.broken },
    { key: 'F', fill: '#c0641a', text: 'falling back (§6.1)', on: (u) => u.fallingBack },
    { key: 'U', fill: '#8a7a20', text: 'under fire this turn', on: (u) => u.underFire },
    { key: '✓', fill: '#777777', text: 'activated this turn', on: (u) => u.activated },
  ];
  const shown = new Set<string>();
  for (const u of sorted) {
    if (!inPlay(u) || !living(u).length || placeless(u)) continue;
    const live = living(u);
    const fill = colourOf(u);
    const g = el(figs, 'g', { class: 'unit-figures', 'data-unit': u.id });
    for (const f of live) {
      const [x, y] = at(f.at);
      if (u.vehicle) {
        // A vehicle: its hull rectangle at its heading, a line from the centre to the front (§3.2).
        const corners = hull(u).map((p) => at(p));
        const body = el(g, 'polygon', { class: 'hull', points: corners.map(([px, py]) => `${px},${py}`).join(' '), fill, stroke: last.units.has(u.id) ? COLOURS.highlight : COLOURS.ink, 'stroke-width': last.units.has(u.id) ? 2 : 1 });
        body.ele('title').txt(`${f.id}: ${CONTENT.vehicles[u.vehicle.type]?.name ?? u.vehicle.type}, heading ${Math.round(u.vehicle.heading / 100)}°${u.vehicle.status !== 'ok' ? `, ${u.vehicle.status}` : ''}${u.vehicle.immobilized ? ', immobilized' : ''}${u.vehicle.bogged ? ', bogged' : ''}`);
        const front: XY = [(corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2];
        el(g, 'line', { x1: x, y1: y, x2: front[0], y2: front[1], stroke: '#ffffff', 'stroke-width': 2 });
        continue;
      }
      const r = Math.max(3, (f.r / 100) * PX);
      const base = el(g, 'circle', { cx: x, cy: y, r, fill, stroke: last.units.has(u.id) ? COLOURS.highlight : COLOURS.ink, 'stroke-width': last.units.has(u.id) ? 2 : 1 });
      base.ele('title').txt(`${f.id}: ${CONTENT.weapons[f.weapon]?.name ?? f.weapon}, ${CONTENT.armour[f.armour]?.name ?? f.armour} armour${f.leader ? ', squad leader' : ''}${f.support ? ', support weapon' : ''}`);
      if (f.leader) el(g, 'circle', { cx: x, cy: y, r: r * 0.4, fill: '#ffffff' });
      if (f.support) el(g, 'rect', { x: x - r * 0.4, y: y - r * 0.4, width: r * 0.8, height: r * 0.8, fill: '#ffffff' });
    }
    const ctr = centre(u)!;
    const top = Math.min(...live.map((f) => at(f.at)[1]));
    const bottom = Math.max(...live.map((f) => at(f.at)[1]));
    const cx = ctr[0];
    // Over the figures, or under them at the far edge.
    const cy = top - 17 >= Y0 + 10 ? top - 17 : bottom + 17;
    const state = flags.filter((fl) => fl.on(u));
    const lost = casualties(u);
    counter(units, {
      x: cx, y: cy, size: 20, fill, label: u.id, unit: u.id, badge: lost ? String(lost) : undefined, highlight: last.units.has(u.id),
      title: `${u.id} ${u.name}: ${u.quality}, ${u.resolve}, ${live.length} of ${u.strength} figures${state.map((s) => `, ${s.text.replace(/ \(.*\)$/, '')}`).join('')}`,
    });
    state.forEach((fl, i) => {
      shown.add(fl.key);
      const mx = cx - 10 - 12 * (i + 1);
      el(units, 'rect', { x: mx, y: cy - 6, width: 11, height: 12, rx: 2, fill: fl.fill, stroke: COLOURS.ink, 'stroke-width': 0.6 });
      text(units, mx + 5.5, cy + 3.5, fl.key, { 'font-size': 8, 'text-anchor': 'middle', fill: '#ffffff', 'font-weight': 'bold' });
    });
  }

  // Hidden markers no unit is shown for (night, §7.10, §8.1): a small counter in the side's colour, "?" (a dummy of your own: "D").
  for (const m of v.markers ?? []) {
    const [x, y] = at(m.at);
    el(units, 'circle', { class: 'hidden-marker', cx: x, cy: y, r: 6, fill: SIDE_COLOUR[m.side], stroke: COLOURS.ink, 'stroke-dasharray': '2 2' })
      .ele('title').txt(`hidden marker ${m.id}${m.dummy ? ' (your dummy)' : ''}`);
    text(units, x, y + 3, m.dummy ? 'D' : '?', { 'font-size': 8, 'text-anchor': 'middle', fill: '#ffffff', 'font-weight': 'bold' });
  }

  // Sentry guns (§7.25): a standing gun as its 0.75" emplacement in its side's colour, "S"; a
  // destroyed one as a grey dashed ring with a cross (it no longer blocks anything).
  let guns = 0, wrecks = 0;
  for (const s of [0, 1] as Side[]) {
    (v.options.sentryGuns?.[s] ?? []).forEach((gd, i) => {
      const id = sentryId(s, i);
      const [x, y] = at(gd.at);
      const r = (SENTRY_RADIUS / 100) * PX;
      const g = el(figs, 'g', { class: 'sentry-gun', 'data-sentry': id });
      if (v.sentriesDestroyed?.includes(id)) {
        wrecks++;
        g.att('data-destroyed', 'true');
        el(g, 'circle', { cx: x, cy: y, r, fill: 'none', stroke: '#6d6d6d', 'stroke-width': 1.5, 'stroke-dasharray': '3 2' });
        el(g, 'line', { x1: x - r * 0.6, y1: y - r * 0.6, x2: x + r * 0.6, y2: y + r * 0.6, stroke: '#6d6d6d', 'stroke-width': 1.5 });
        el(g, 'line', { x1: x - r * 0.6, y1: y + r * 0.6, x2: x + r * 0.6, y2: y - r * 0.6, stroke: '#6d6d6d', 'stroke-width': 1.5 });
        g.ele('title').txt(`${id}: sentry gun of ${SIDE_NAME[s]}, destroyed`);
        return;
      }
      guns++;
      el(g, 'circle', { cx: x, cy: y, r, fill: SIDE_COLOUR[s], stroke: COLOURS.ink, 'stroke-width': 2 });
      text(g, x, y + 3, 'S', { 'font-size': 9, 'text-anchor': 'middle', fill: '#ffffff', 'font-weight': 'bold' });
      g.ele('title').txt(`${id}: sentry gun of ${SIDE_NAME[s]} (${gd.level ?? 'modern'}), ${CONTENT.weapons[gd.weapon ?? 'heavyMG']?.name ?? gd.weapon}`);
    });
  }

  // Side panel: sides and seats, score, units in and out of play, options, the result.
  const px = boardW + 10;
  let y = 24;
  const side = el(c.root, 'g', { class: 'side' });
  for (const s of [0, 1] as Side[]) {
    const mine = v.units.filter((u) => u.side === s);
    const left = mine.filter(inPlay).length;
    const lines = [
      `${SIDE_NAME[s]}: ${name(s)}${opts.seat === s ? ' (you)' : ''}${v.phase !== 'ended' && v.toAct === s ? ' - to act' : ''}`,
      `${left} of ${v.startUnits[s]} units in play; score ${v.score[s]}${v.victory.kind === 'evacuation' ? `, evacuated ${v.evacuated[s]}` : ''}${v.heart[s] ? `, losing heart ${v.heart[s]}` : ''}`,
      `home edge: ${s === 0 ? 'bottom (y = 0)' : 'top'}`,
    ];
    const gone = mine.filter((u) => !inPlay(u)).map((u) => `${u.id} ${u.name}`);
    if (gone.length) lines.push(`out of play: ${gone.join(', ')}`);
    el(side, 'rect', { x: px, y: y - 11, width: 8, height: lines.length * 16 - 2, fill: SIDE_COLOUR[s] });
    y += panel(side, px + 14, y, lines) + 6;
  }
  const vic = v.victory;
  const vicText = vic.kind === 'attrition' ? 'Attrition' : vic.kind === 'holdTheLine' ? `Hold the Line: ${SIDE_NAME[vic.attacker]} attacks the objective` : vic.kind === 'demolition' ? `Demolition: ${SIDE_NAME[vic.attacker]} destroys ${vic.target}` : 'Evacuation: lead the colonists off your home edge';
  const on = (Object.entries(v.options) as [string, unknown][]).filter(([k, x]) => k !== 'turnLimit' && k !== 'forces' && x !== undefined && x !== false && !(k === 'hitAllocation' && x === 'closest')).map(([k, x]) => (x === true || typeof x === 'object' ? k : `${k} ${String(x)}`)).sort();
  y += panel(side, px, y, ['Scenario', vicText, ...(on.length ? [`options: ${on.join(', ')}`] : [])]) + 6;
  if (v.result) {
    const r = v.result;
    y += panel(side, px, y, ['Result', r.draw ? 'draw' : `won by ${r.winners.map((w) => name(w)).join(' and ')}`, r.reason]) + 4;
  }
  const items: LegendItem[] = sorted.filter(inPlay).map((u) => ({ key: u.id, fill: colourOf(u), text: `${u.name} (${u.quality}, ${u.resolve})` }));
  items.push(...[...used.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, it]) => it));
  if (v.objectives.length) items.push({ fill: '#ffffff', stroke: COLOURS.ink, text: 'objective' });
  if (v.victory.kind === 'holdTheLine') items.push({ fill: 'none', stroke: SIDE_COLOUR[v.victory.attacker === 0 ? 1 : 0], text: `dashed circle: ${v.victory.radius / 100}" around the objective (Hold the Line)` });
  items.push(
    { fill: SIDE_COLOUR[0], stroke: COLOURS.ink, text: 'figure base; dot: leader, square: support weapon' },
    { fill: 'none', stroke: COLOURS.ink, text: 'counter: unit id; corner: casualties' },
  );
  for (const fl of flags) if (shown.has(fl.key)) items.push({ key: fl.key, fill: fl.fill, text: fl.text });
  if (anyCasualty) items.push({ fill: 'none', stroke: '#6d6d6d', text: 'cross: a casualty where it fell' });
  if (guns) items.push({ key: 'S', fill: SIDE_COLOUR[0], stroke: COLOURS.ink, text: 'sentry gun: blocks movement and LOS' });
  if (wrecks) items.push({ fill: 'none', stroke: '#6d6d6d', text: 'dashed ring and cross: a destroyed sentry gun' });
  if (v.units.some((u) => u.demolition?.rigged && u.demolition.rigged !== 'no')) items.push({ fill: '#d04a2a', text: 'demolition charges' });
  items.push({ fill: 'none', stroke: COLOURS.highlight, text: 'last move: moved figures, shot line' });
  c.fitHeight(y + 10 + legend(side, px, y + 10, 'Legend', items) + 10);
  return c.end();
}
