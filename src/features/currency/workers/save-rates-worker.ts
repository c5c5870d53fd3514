// A dedicated worker that keeps the live rates on this device (src/features/currency/api/get-rates.ts
// starts it): loading Dexie, opening (on a first visit creating) the database and writing the row were
// long tasks on the page's main thread during the start.
import type { RateTable } from '../../../lib/exchange-rates';
import { saveRates } from '../utils/persisted-rates';

export interface SaveRatesRequest {
  table: RateTable;
  now: number;
}

/** The worker's answer: whether the rates were written. */
export type SaveRatesReply = boolean;

/** Writes one request's rates; the reply says whether they were saved. */
export async function handleSaveRates(request: SaveRatesRequest): Promise<SaveRatesReply> {
  try {
    await saveRates(request.table, request.now);
    return true;
  } catch {
    return false;
  }
}

// The worker's global scope, typed here: the project compiles with the DOM library, not the worker one.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SaveRatesRequest>) => void) | null;
  postMessage(reply: SaveRatesReply): void;
};
// Only inside a worker: tests import the handler.
if ('WorkerGlobalScope' in globalThis) {
  scope.onmessage = (event) => void handleSaveRates(event.data).then((reply) => scope.postMessage(reply));
}
