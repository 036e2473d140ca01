// Types for the `glicko2` package (v1.2.2 ships none): the parts skyeye uses.
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
  const _default: { Glicko2: typeof Glicko2 };
  export default _default;
}
