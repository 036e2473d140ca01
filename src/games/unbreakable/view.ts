// Views (§10): everything is public once play starts; during setup each side's committed
// choices are private until the reveal (§10.1). The action deck is a sorted multiset, never an order.
import type { Rng, Seat } from '../../engine/types.js';
import { copyJson } from '../../engine/mech/json.js';
import { type S, type Side, type SideSetup } from './state.js';
import { flagProblem, loadoutOptions, placeOptions, platoonIds, platoons } from './rules/scenario.js';
import { CONTENT } from './content.js';

export type View = Omit<S, 'setup'> & { viewer: Seat | null; setup: Record<Side, SideSetup | null> };

export function viewOf(s: S, seat: Seat | null): View {
  const { setup, ...pub } = s;
  const v = copyJson(pub) as View;
  v.viewer = seat;
  v.setup = { blue: null, yellow: null };
  for (const side of ['blue', 'yellow'] as Side[]) {
    if (s.phase === 'play' || s.seatOf[side] === seat) v.setup[side] = copyJson(setup[side]);
    else if (s.seatOf[side] === null) v.setup[side] = copyJson(setup[side]);
  }
  return v;
}

/** A full state consistent with the view: another side's hidden setup is filled with legal choices. */
export function determinizeView(v: View, rng: Rng): S {
  const { viewer: _v, setup, ...pub } = copyJson(v);
  const s = { ...(pub as Omit<S, 'setup'>), setup: {} as S['setup'] } as S;
  for (const side of ['blue', 'yellow'] as Side[]) {
    if (setup[side]) { s.setup[side] = setup[side]!; continue; }
    const st: SideSetup = { platoon: null, loadouts: [], places: [], flag: null };
    s.setup[side] = st;
    for (let i = 0; i < s.setupStage; i++) {
      const step = s.setupPlan[i];
      if (step.k === 'platoon') { const ps = platoons(s); st.platoon = ps[rng.int(ps.length)]; }
      if (step.k === 'loadout') { const ls = loadoutOptions(s, side, step.i); st.loadouts.push(ls[rng.int(ls.length)]); }
      if (step.k === 'flag') { const hs = CONTENT.hexIds.filter((h) => !flagProblem(s, side, h)); st.flag = hs[rng.int(hs.length)]; }
      if (step.k === 'place') {
        const sc = CONTENT.scenarios.find((x) => x.id === s.scenario)!;
        if (sc[side] !== 'north' && sc[side] !== 'south') continue;
        const hs = placeOptions(s, side, step.i); st.places.push(hs[rng.int(hs.length)]);
      }
    }
  }
  return s;
}
