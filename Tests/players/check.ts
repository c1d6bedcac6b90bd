// The TypeScript player against fixtures (docs/testing.md#players), run by Tests/players/run.sh
// after tsc: `node check.js DIR` reads every DIR/NAME.answer.json with DIR/NAME.fixtures.json,
// prints `typescript: N passed, M failed` and the failures, and exits 1 on any failure.
import { readdirSync, readFileSync } from "fs";
import { check, decode, Fixtures } from "../../Players/typescript/player.js";

const dir = process.argv[2];
const names = readdirSync(dir).filter((f) => f.endsWith(".answer.json")).map((f) => f.slice(0, -".answer.json".length)).sort();
let passed = 0;
const failures: string[] = [];
for (const name of names) {
  try {
    const answer = decode(JSON.parse(readFileSync(`${dir}/${name}.answer.json`, "utf8")));
    const fixtures = JSON.parse(readFileSync(`${dir}/${name}.fixtures.json`, "utf8")) as Fixtures;
    const r = check(answer, fixtures);
    passed += r.passed;
    failures.push(...r.failures.map((f) => `${name}: ${f}`));
  } catch (e) {
    failures.push(`${name}: ${e}`);
  }
}
for (const f of failures.slice(0, 20)) console.log(`  FAIL ${f}`);
console.log(`typescript: ${passed} passed, ${failures.length} failed (${names.length} answers)`);
process.exit(failures.length === 0 && names.length > 0 ? 0 : 1);
