// Undaunted 2200: Callisto's static data for clients (Ruleset.scenarioData): the scenario's map
// as spaces with adjacency, elevation, cover and doors (bridge decks included), the unit and
// card definitions of the box, and the scenario's set-up, so a client can draw a game without
// the game's code.
import { CONTENT } from './content.js';

export function callistoScenarioData(scenarioId: string): Record<string, unknown> | null {
  const sc = CONTENT.scenarios[scenarioId];
  if (!sc) return null;
  const map = CONTENT.maps[sc.map];
  return {
    map: {
      kind: 'spaces',
      id: map.def.id,
      title: map.def.title,
      spaces: map.def.spaces.map((sp) => ({
        id: sp.id, elevated: sp.elevated, cover: sp.cover, points: sp.points ?? 0, impassable: sp.impassable ?? 'none',
        spawns: sp.spawns ?? [], equipment: sp.equipment ?? null, deck: sp.deck ?? null,
        adjacent: [...new Set(map.def.edges.flatMap(([a, b]) => (a === sp.id ? [b] : b === sp.id ? [a] : [])))].sort(),
      })),
      edges: map.def.edges,
      doors: map.def.doors,
    },
    units: Object.values(CONTENT.units),
    cards: Object.values(CONTENT.cards).map(({ actions: _parsed, ...c }) => c),
    inventory: CONTENT.inventory,
    setup: {
      initiative: sc.initiative,
      players: sc.players,
      modules: sc.modules,
      rules: sc.rules,
      factions: sc.factions,
      structures: sc.structures,
      people: sc.people,
    },
    provisional: CONTENT.provisional,
  };
}
