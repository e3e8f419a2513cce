// npm run vouchers -- create --code SPRING2026 --credits 1 --max 100 [--expires 2027-01-01]: creates a
// voucher code. See src/server/webshop/voucher-command.ts.
import { vouchersCommand } from '../src/server/webshop/voucher-command.js';

const code = await vouchersCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
