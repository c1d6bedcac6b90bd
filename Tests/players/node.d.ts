// The few Node APIs the player checks use (Debian ships tsc without @types/node).
declare module "fs" {
  export function readdirSync(path: string): string[];
  export function readFileSync(path: string, encoding: "utf8"): string;
}
declare const process: { argv: string[]; exit(code: number): never };
