/**
 * `npm run ledger:verify -- ledger.jsonl [--head HASH]`: recomputes an exported earnings ledger's hash chain
 * (README "Ledger") and names the first broken entry. With --head, the hash an older payout statement or
 * earnings page printed must still be in the chain. Exit code 0 when it holds, 1 when broken, 2 on usage.
 */
import { readFile } from 'node:fs/promises';
import { verifyJsonLines } from '../modules/ledger/chain';

const USAGE = 'usage: npm run ledger:verify -- <ledger.jsonl> [--head <hash>]';

async function main(args: string[]): Promise<number> {
  let file: string | undefined;
  let head: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--head') {
      head = args[++i];
      if (!head || !/^[0-9a-f]{64}$/.test(head)) {
        console.error(`--head takes a 64-digit lowercase hex SHA-256 hash\n${USAGE}`);
        return 2;
      }
    } else if (arg.startsWith('--head=')) {
      head = arg.slice('--head='.length);
    } else if (!file && !arg.startsWith('--')) {
      file = arg;
    } else {
      console.error(`unexpected argument ${arg}\n${USAGE}`);
      return 2;
    }
  }
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const result = verifyJsonLines(text, { head });
  if (result.ok) {
    console.log(
      `OK: ${result.count} entries, head seq ${result.head.seq} hash ${result.head.hash}` +
        (head ? `; ${head} is in the chain` : ''),
    );
    return 0;
  }
  console.error(
    `BROKEN at line ${result.line}${result.seq === null ? '' : ` (seq ${result.seq})`}: ${result.reason}`,
  );
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
