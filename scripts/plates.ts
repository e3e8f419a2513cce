// npm run plates -- create --count 50 [--name "…"] [--insurance <insurerPartyId>] [--with-registration]:
// creates a batch of plates and prints their IDs. See src/server/plates/plate-command.ts.
import { platesCommand } from '../src/server/plates/plate-command.js';

const code = await platesCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
