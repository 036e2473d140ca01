import { craft, squad, tryAct, faces, unitOf } from './tests/games/fast-and-dirty/helpers.js';
const near = craft({ name: 'assault-reach', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 1600]] }] });
const r = tryAct(near, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1500]] }] }, faces(1, 1, 1, 1, 1));
console.log('code' in r ? r : r.events.map(e=>e.type));
const uf = craft({ name: 'uf-rush', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 3000]] }] });
unitOf(uf, 'A1').underFire = true;
console.log(tryAct(uf, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1800, 300]] }] }));
