// Derived facts from a seat's view (spec §10 "derived queries"): reach, los, band, cover,
// coherency, targets and odds. Every answer comes from the same functions validate uses.
import type { Pt } from '../../engine/mech/geom2d.js';
import { coherencyDistance, coherencyOf, coverAgainst, pathCost, positionCover, sees, unitCover } from './geometry.js';
import { firePlan, moveAllowance, priorityTargets } from './legal.js';
import { QUALITY_TABLE, living, type Figure, type S, type Unit } from './state.js';
import type { View } from './view.js';
import { sentryFigure } from './rules/sentry.js';
import { placeOf } from './rules/buildings.js';

const figure = (s: S, id: string): { u: Unit; f: Figure } | null => {
  for (const u of s.units) for (const f of u.figures) if (f.id === id) return { u, f };
  return null;
};

export function query(v: View, name: string, args: unknown): unknown {
  const s = v as S;
  const a = (args ?? {}) as Record<string, unknown>;
  const u = typeof a.unit === 'string' ? s.units.find((x) => x.id === a.unit) : undefined;
  switch (name) {
    case 'reach': {
      // {unit, mode?} -> allowance per figure; {unit, fig, path} -> that path's cost and whether it fits.
      if (!u) return null;
      const mode = (a.mode as 'move' | 'rush' | 'assault') ?? 'move';
      const allowance = moveAllowance(s, u, mode);
      if (typeof a.fig === 'string' && Array.isArray(a.path)) {
        const f = u.figures.find((x) => x.id === a.fig);
        if (!f) return null;
        const c = pathCost(s, [f.at, ...(a.path as Pt[])]);
        return 'blocked' in c ? { allowance, blocked: c.blocked } : { allowance, cost: c.cost, fits: c.cost <= allowance };
      }
      return { allowance, figures: living(u).map((f) => ({ fig: f.id, at: f.at })) };
    }
    case 'los': {
      // {from: figureId, to: figureId, fire?}
      // A standing sentry gun answers by its id too (rules/sentry.ts).
      const o = figure(s, String(a.from)) ?? sentryFigure(s, String(a.from)), t = figure(s, String(a.to)) ?? sentryFigure(s, String(a.to));
      if (!o || !t) return null;
      // Figures inside a building are named by room, or by building with no floor plan ([P] §3.2 item 3).
      const fromIn = placeOf(s.terrain, o.f.at), toIn = placeOf(s.terrain, t.f.at);
      return { visible: sees(s, o.f, t.f, { fire: !!a.fire, observerUnit: o.u, targetUnit: t.u }), ...(fromIn ? { fromIn } : {}), ...(toIn ? { toIn } : {}) };
    }
    case 'band': case 'targets': {
      // {unit, target?}: eligible firers, range band and distance; without target the fire-priority list.
      if (!u) return null;
      if (name === 'targets' || typeof a.target !== 'string') {
        return priorityTargets(s, u).map((p) => ({ unit: p.unit.id, band: p.plan.band, distance: p.plan.distance, firers: p.plan.firers.length }));
      }
      const t = s.units.find((x) => x.id === a.target);
      const p = t ? firePlan(s, u, t) : null;
      return p ? { band: p.band, distance: p.distance, x: p.x, base: QUALITY_TABLE[u.quality].base, firers: p.firers.map((f) => f.id), visible: p.visible.map((f) => f.id) } : { band: null };
    }
    case 'cover': {
      // {fig} -> position cover; {unit, target} -> unit cover against that unit's fire.
      if (typeof a.fig === 'string') {
        const x = figure(s, a.fig);
        const at = x && placeOf(s.terrain, x.f.at);
        return x ? { position: positionCover(s, x.f), ...(at ? { in: at } : {}) } : null;
      }
      const t = typeof a.target === 'string' ? s.units.find((x) => x.id === a.target) : undefined;
      if (!u || !t) return null;
      const p = firePlan(s, u, t);
      if (!p) return { cover: null };
      const c = p.visible.map((f) => coverAgainst(s, p.firers[0].at, f).cover);
      return { cover: unitCover(c), figures: Object.fromEntries(p.visible.map((f, i) => [f.id, c[i]])) };
    }
    case 'coherency': {
      if (!u) return null;
      const c = coherencyOf(u);
      const figs = living(u);
      return { distance: coherencyDistance(u), coherent: c.components.length <= 1, groups: c.components.map((g) => g.map((i) => figs[i].id)), joiningGap: c.joiningGap };
    }
    case 'odds': {
      // {unit, target}: the chance of at least one hit, over the FE roll only (modifiers as in §6.4 are previewed in 'band').
      if (!u || typeof a.target !== 'string') return null;
      const t = s.units.find((x) => x.id === a.target);
      const p = t ? firePlan(s, u, t) : null;
      if (!p) return { pHit: 0 };
      const mod = { base: 2, close: 0, medium: -2, long: -4 }[p.band] + QUALITY_TABLE[u.quality].feMod + Math.floor(p.firers.filter((f) => !f.support).length / 3);
      const per = 3;
      const dice = living(u).length > 1 ? 2 : 1;
      let hit = 0, all = 0;
      for (let x = 1; x <= 6; x++) for (let y = 1; y <= (dice === 2 ? 6 : 1); y++) { all++; if (Math.max(x, dice === 2 ? y : 0) + mod >= per) hit++; }
      return { pHitInOpen: hit / all, band: p.band };
    }
  }
  return null;
}
