// npm run role -- <email> <role>: gives a person a role (private, business, staff, revisor, admin).
// See src/server/backoffice/role-command.ts.
import { roleCommand } from '../src/server/backoffice/role-command.js';

const code = await roleCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
