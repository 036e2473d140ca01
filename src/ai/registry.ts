// Rulesets a bot thread must load besides those of src/games (tests' own rulesets): a thread
// imports each module and registers every ruleset it exports.
const modules = new Set<string>();

/** Makes the rulesets exported by this module (a file URL) known to bot threads. */
export function registerBotModule(url: string): void {
  modules.add(url);
}

export function botModules(): string[] {
  return [...modules];
}
