// Action notation (spec §3.3, RB ~L516-524): `MOVE 1`, `BOLSTER 1A` (value + squad),
// combat actions `ATTACK 2 P R2 AREA` (dice, target icons P = personnel, V = vehicle/mech,
// S = structure, R<n> = range limit, AREA = area icon), bare `CONTROL`, `RECON`, `DOORS`.

export type TargetClass = 'personnel' | 'vehicleOrMech' | 'structure';
export type Keyword =
  | 'MOVE' | 'SCOUT' | 'GUIDE' | 'BOLSTER' | 'COMMAND' | 'CONTROL' | 'INSPIRE' | 'PATHFIND' | 'RECON'
  | 'ATTACK' | 'PULSE' | 'SUPPRESS' | 'DOORS';

export interface ActionDef {
  kind: Keyword;
  value: number;
  squad?: string;
  targets?: TargetClass[];
  range?: number;
  area?: boolean;
}

export const COMBAT: readonly Keyword[] = ['ATTACK', 'PULSE', 'SUPPRESS'];
const VALUED: readonly Keyword[] = ['MOVE', 'SCOUT', 'GUIDE', 'BOLSTER', 'COMMAND', 'INSPIRE', 'PATHFIND'];
const SQUADDED: readonly Keyword[] = ['GUIDE', 'BOLSTER', 'INSPIRE', 'PATHFIND'];
const BARE: readonly Keyword[] = ['CONTROL', 'RECON', 'DOORS'];
const ICONS: Record<string, TargetClass> = { P: 'personnel', V: 'vehicleOrMech', S: 'structure' };

export function parseAction(text: string): ActionDef {
  const parts = text.trim().split(/\s+/);
  const kind = parts[0] as Keyword;
  if (BARE.includes(kind)) {
    if (parts.length !== 1) throw new Error(`${text}: ${kind} takes no value`);
    return { kind, value: 0 };
  }
  if (VALUED.includes(kind)) {
    const m = /^(\d+)([A-Z]?)$/.exec(parts[1] ?? '');
    if (!m || parts.length !== 2) throw new Error(`${text}: expected ${kind} <n>[squad]`);
    if (m[2] && !SQUADDED.includes(kind)) throw new Error(`${text}: ${kind} takes no squad`);
    return m[2] ? { kind, value: Number(m[1]), squad: m[2] } : { kind, value: Number(m[1]) };
  }
  if (COMBAT.includes(kind)) {
    const dice = Number(parts[1]);
    if (!Number.isInteger(dice) || dice < 1) throw new Error(`${text}: expected dice count`);
    const a: ActionDef = { kind, value: dice, targets: [] };
    for (const p of parts.slice(2)) {
      if (p === 'AREA') a.area = true;
      else if (/^R\d+$/.test(p)) a.range = Number(p.slice(1));
      else if (/^[PVS]+$/.test(p)) for (const c of p) { if (!a.targets!.includes(ICONS[c])) a.targets!.push(ICONS[c]); }
      else throw new Error(`${text}: unknown icon ${p}`);
    }
    if (!a.targets!.length) throw new Error(`${text}: a combat action needs a target icon (P, V or S)`);
    if (kind !== 'ATTACK' && a.targets!.includes('structure')) throw new Error(`${text}: only ATTACK targets structures`);
    return a;
  }
  throw new Error(`${text}: unknown action keyword`);
}

export function renderAction(a: ActionDef): string {
  if (BARE.includes(a.kind)) return a.kind;
  if (!COMBAT.includes(a.kind)) return `${a.kind} ${a.value}${a.squad ?? ''}`;
  const icons = (a.targets ?? []).map((t) => (t === 'personnel' ? 'P' : t === 'vehicleOrMech' ? 'V' : 'S')).join('');
  return [a.kind, String(a.value), icons, a.range !== undefined ? `R${a.range}` : '', a.area ? 'AREA' : ''].filter(Boolean).join(' ');
}
