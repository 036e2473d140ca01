// Abaddon's static data for clients (Ruleset.scenarioData): what a client needs to draw a
// mission without the game's code. The board is a square grid (x: column, y: row, from 0);
// terrain squares, set-up zones and exits are rectangles of squares, inclusive.
import type { GameData } from './data.js';
import { FACES, UNIT } from './state.js';

export function abaddonScenarioData(data: GameData, missionId: string): Record<string, unknown> | null {
  const m = data.missions.find((x) => x.id === missionId);
  if (!m) return null;
  return {
    map: {
      kind: 'grid',
      geometry: 'square',
      width: m.board.width,
      height: m.board.height,
      coordinates: '[x, y]: column and row from 0; adjacency is the 8 neighbouring squares',
      terrain: m.terrain,
      exits: m.exits ?? [],
      dropTable: m.dropTable ?? null,
    },
    units: Object.entries(UNIT).map(([type, u]) => ({ type, ...u })),
    activationDieFaces: FACES,
    cards: { weaponSystem: data.ws, wildFire: data.wf, markers: data.markers },
    setup: {
      seats: m.seats.map((x, seat) => ({ seat, ...x })),
      deployOrder: m.deployOrder,
      firstPlayer: m.firstPlayer,
      forces: m.forces ?? null,
    },
    objectives: m.objectives,
    rules: m.rules,
    provisional: { mission: m.provisional, ...data.provisional },
    source: m.source,
  };
}
