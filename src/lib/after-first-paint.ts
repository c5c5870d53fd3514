import { useMantineEnv } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';

/**
 * Parts of the signed-in shell nobody sees in the first frame (the global search dialog, the toast
 * container, live streams) mount after it, in a render of their own. Mounting a Mantine modal sets state in
 * its layout effects (ids, portal), each re-rendering it synchronously: in the first commit that made one
 * long task of the whole start. Nothing a user can click waits for this (a click on a header menu button
 * drawn before a deferred menu had mounted was lost): the header's menus mount when the user acts on their
 * button instead (src/lib/use-menu-on-intent.ts). Those waiting all flip in one transition, once the
 * browser painted (or after a short delay, e.g. in a hidden tab where no frame comes). Under Mantine's
 * test environment (`env="test"`, as it turns transitions and portals off) everything is there from the
 * first render.
 */
const waiting = new Set<() => void>();
let scheduled = false;

const FALLBACK_MS = 1000;

function flush(): void {
  if (!scheduled) return;
  scheduled = false;
  const ready = [...waiting];
  waiting.clear();
  startTransition(() => ready.forEach((done) => done()));
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const fallback = setTimeout(flush, FALLBACK_MS);
  if (typeof requestAnimationFrame !== 'function') return;
  // The frame callback runs before the paint; the task it queues runs after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(fallback);
      flush();
    }, 0),
  );
}

/** False in the first frame a component is shown in, true from a render after that frame was painted. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(useMantineEnv() === 'test');
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    waiting.add(done);
    schedule();
    return () => {
      waiting.delete(done);
    };
  }, [ready]);
  return ready;
}
